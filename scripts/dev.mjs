// Development: the API server with reload (tsx watch) on :3000 and Vite with hot reload on
// :5173, which proxies /api and /__github to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    // The browser talks to Vite's origin; the Origin check and OAuth callback must match it.
    env: { PUBLIC_URL: 'http://localhost:5173', PORT: '3000', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@repolog/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
