import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { learningLinksPath, type LinkTheme } from '@medenglish/shared';
import { themeImage } from './learning-links-api';

/** A theme of the grid: its picture and name, the whole card a link to the theme's page. */
export function ThemeCard({ theme, highlighted = false }: { theme: LinkTheme; highlighted?: boolean }) {
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', ...(highlighted && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <CardActionArea
        component={RouterLink}
        to={learningLinksPath(theme.name)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        {theme.img ? (
          <Box
            component="img"
            src={themeImage(theme.img)}
            alt=""
            loading="lazy"
            width={320}
            height={180}
            sx={{
              width: '100%',
              height: 'auto',
              aspectRatio: '16 / 9',
              display: 'block',
              objectFit: 'cover',
            }}
          />
        ) : (
          <Box aria-hidden sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover' }} />
        )}
        <Typography component="h2" variant="subtitle1" lang="en" sx={{ fontWeight: 700, p: 2 }}>
          {theme.name}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
