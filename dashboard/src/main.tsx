import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from './lib/session';
import { App } from './App';

// System font stacks only: nothing is fetched from outside the service (air-gapped networks).
const theme = createTheme({ primaryColor: 'indigo', primaryShade: { light: 8, dark: 8 }, autoContrast: true, defaultRadius: 'md' });
// Dimmed text dark enough for WCAG AA contrast on white (axe runs on every page in the e2e tests).
const resolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': '#5c636a' }, dark: {} });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={resolver}>
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  </StrictMode>,
);
