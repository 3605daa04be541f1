/**
 * For emulator.test.ts: starts the Auth emulator twice in a process of its own and prints, as JSON, the CPU time
 * the second start took (the first also loads firebase-tools' modules) and the two addresses. A process of its own,
 * because process.cpuUsage() counts every thread of a process, and the test runner's other threads would be
 * counted with it.
 */
import { startAuthEmulator } from './emulator.ts';

const first = await startAuthEmulator({ projectId: 'demo-auth-test' });
const before = process.cpuUsage();
const second = await startAuthEmulator({ projectId: 'demo-auth-test' });
const { user, system } = process.cpuUsage(before);
console.log(JSON.stringify({ cpuSeconds: (user + system) / 1e6, urls: [first.url, second.url] }));
await Promise.all([first.stop(), second.stop()]);
