import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ArrowBackIcon } from './elearning-icons';
import type { UnitFrameProps } from './unit-frame';

interface UnitHeaderProps extends Pick<UnitFrameProps, 'back' | 'headingLevel'> {
  titleId: string;
  title: string;
  /**
   * The whole title, on two lines if a phone needs them (a page with no frame to keep tall);
   * otherwise one line, cut with an ellipsis.
   */
  wrapTitle?: boolean;
  /** Controls at the end of the bar (the frame's full-screen switch). */
  children?: ReactNode;
}

/** The bar above a unit: back to the module, and the unit's title, whichever way it opens. */
export function UnitHeader({
  back,
  headingLevel,
  titleId,
  title,
  wrapTitle = false,
  children,
}: UnitHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 48,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Button
        component={RouterLink}
        to={back.to}
        state={back.state}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ flexShrink: 0 }}
      >
        {back.label}
      </Button>
      <Typography
        id={titleId}
        component={headingLevel}
        noWrap={!wrapTitle}
        sx={{
          fontWeight: 700,
          fontSize: '1rem',
          minWidth: 0,
          flex: 1,
          ...(wrapTitle ? { overflowWrap: 'anywhere', py: 1 } : {}),
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
