import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { CheckCircleIcon, LogoMark } from '../../components/icons';

/**
 * The brand side of the login page: a compact band on phones, a full panel from 900 px. White text
 * on #0b5e8a→#083f5e stays above 7:1 in both themes.
 */
export function LandingHero() {
  return (
    <Box
      component="header"
      sx={{
        color: '#ffffff',
        background: 'linear-gradient(160deg, #0b5e8a 0%, #083f5e 100%)',
        px: { xs: 2.5, sm: 4, md: 6 },
        py: { xs: 3, md: 8 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: { xs: 1.5, md: 4 } }}>
        <LogoMark sx={{ fontSize: { xs: 36, md: 48 } }} />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', md: '1.5rem' } }}>
          {messages.common.appName}
        </Typography>
      </Stack>
      <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2.25rem' }, mb: 1 }}>
        {messages.login.welcome}
      </Typography>
      <Typography sx={{ fontSize: { xs: '1rem', md: '1.2rem' }, opacity: 0.95 }}>
        {messages.login.tagline}
      </Typography>
      <Box
        component="ul"
        sx={{ display: { xs: 'none', md: 'block' }, listStyle: 'none', p: 0, mt: 5, mb: 0 }}
      >
        {messages.landing.features.map((feature) => (
          <Box
            component="li"
            key={feature}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
          >
            <CheckCircleIcon sx={{ mt: 0.25, color: '#9fe0c4' }} />
            <Typography>{feature}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
