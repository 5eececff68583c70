// Vite builds the front end into dist/, which `ancients serve` serves. During development
// (`npm run dev`) the API and the WebSocket go to a server on 127.0.0.1:8080.
import { defineConfig } from 'vite';

export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
