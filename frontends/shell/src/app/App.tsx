import { BrowserRouter } from 'react-router';
import { ShellProviders, type ShellProvidersProps } from './ShellProviders';
import { ShellRoutes } from './ShellRoutes';
import './styles.css';

export type AppProps = Omit<ShellProvidersProps, 'children'>;

export function App(props: AppProps) {
  return (
    <ShellProviders {...props}>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </ShellProviders>
  );
}
