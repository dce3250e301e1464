// Async boundary: module federation negotiates shared singletons (React, the
// router, our libraries) before any of them is evaluated.
import('./bootstrap').catch((error: unknown) => {
  console.error('ProSign failed to start', error);
});
