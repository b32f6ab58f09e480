import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { messages, type CourseModule } from '@medenglish/shared';
import { visuallyHidden } from '../../components/visually-hidden';
import { DownloadIcon, FlagIcon, PdfIcon } from './elearning-icons';
import { UnitStatusText } from './unit-status';
import { modulePath, unitLink, unitStatusView, type CourseRouteState } from './unit-view';

const t = messages.elearning;

/** The entry shown on the right is marked by a bar too, not by a tint alone. */
const selectedLook = (theme: Theme) => ({
  '&.Mui-selected': { boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}` },
});

/**
 * SPEC §2 module side menu: Objectives, the revision PDFs (opened in a new tab, or downloaded),
 * then the units in order, the final quiz marked 'Chapter Quiz', each with its status (SPEC §4).
 * Every entry is a link: the address says what is shown (?unit=), with the route state of SPEC §2.
 */
export function ModuleMenu({ module, selectedUnit }: { module: CourseModule; selectedUnit: string | null }) {
  const showsObjectives = selectedUnit === null;
  return (
    <Paper
      component="nav"
      variant="outlined"
      aria-label={t.moduleMenu(module.name)}
      sx={{ overflow: 'hidden' }}
    >
      <List disablePadding>
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to={modulePath(module)}
            state={{ title: module.name } satisfies CourseRouteState}
            selected={showsObjectives}
            aria-current={showsObjectives ? 'page' : undefined}
            sx={selectedLook}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <FlagIcon />
            </ListItemIcon>
            <ListItemText primary={t.objectives} />
          </ListItemButton>
        </ListItem>

        {module.revisionFile.length > 0 && <ListSubheader disableSticky>{t.revisionFiles}</ListSubheader>}
        {module.revisionFile.map((file) => (
          <ListItem
            key={file.fileName}
            disablePadding
            secondaryAction={
              <IconButton
                component="a"
                href={file.fileName}
                download
                edge="end"
                aria-label={t.downloadPdf(file.title)}
                color="primary"
              >
                <DownloadIcon />
              </IconButton>
            }
          >
            <ListItemButton component="a" href={file.fileName} target="_blank" rel="noopener noreferrer">
              <ListItemIcon sx={{ minWidth: 36 }}>
                <PdfIcon />
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {file.title}
                    <span style={visuallyHidden}> {t.pdfNewTab}</span>
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}

        <ListSubheader disableSticky>{t.units}</ListSubheader>
        {module.units.map((entry) => {
          const isSelected = entry.unit._id === selectedUnit;
          const link = unitLink(module, entry.unit._id);
          return (
            <ListItem key={entry.unit._id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={link.to}
                state={link.state}
                selected={isSelected}
                aria-current={isSelected ? 'page' : undefined}
                sx={selectedLook}
              >
                <ListItemText
                  slotProps={{ primary: { component: 'span' }, secondary: { component: 'span' } }}
                  primary={
                    <>
                      {entry.unit.isFinalQuiz && (
                        <Typography
                          component="span"
                          variant="overline"
                          sx={{ display: 'block', lineHeight: 1.6, color: 'primary.main', fontWeight: 700 }}
                        >
                          {t.chapterQuiz}
                        </Typography>
                      )}
                      <Typography
                        component="span"
                        sx={{ display: 'block', fontWeight: isSelected ? 700 : 400 }}
                      >
                        {entry.unit.name}
                      </Typography>
                    </>
                  }
                  secondary={<UnitStatusText view={unitStatusView(entry)} />}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
