/** `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173) proxying /api to it. */
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/index.ts'], { stdio: 'inherit', env: { ...process.env, TRUSTED_ORIGINS: 'http://localhost:5173' } }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
