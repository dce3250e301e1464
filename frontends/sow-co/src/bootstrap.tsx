import { renderStandalonePreview } from '@prosign/ui';
import { standaloneRoutes } from './standalone-routes';

const container = document.getElementById('root');
if (container) {
  void renderStandalonePreview(container, {
    subtitle: 'SOW & Change Orders — standalone preview',
    routes: standaloneRoutes,
  });
}
