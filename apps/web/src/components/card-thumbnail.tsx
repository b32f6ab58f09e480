import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * The 16:9 picture at the top of a module or resource card: the thumbnail, or the kind's icon
 * when there is none. Decorative either way (the card's title says what it is).
 */
export function CardThumbnail({ src, Icon }: { src: string | null; Icon: ComponentType<SvgIconProps> }) {
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt=""
        loading="lazy"
        sx={{
          width: '100%',
          aspectRatio: '16 / 9',
          objectFit: 'cover',
          display: 'block',
          bgcolor: 'action.hover',
        }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        aspectRatio: '16 / 9',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
        color: 'primary.main',
      }}
    >
      <Icon sx={{ fontSize: 48 }} />
    </Box>
  );
}
