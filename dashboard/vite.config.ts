import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The service serves dist/ at /; `npm run dev` proxies the API to a service on :4000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries(['/api', '/graphql', '/admin'].map((p) => [p, 'http://127.0.0.1:4000'])),
  },
});
