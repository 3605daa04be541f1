/**
 * For emulator.test.ts: starts the Auth emulator twice in a process of its own and prints the CPU time that took
 * (and the two addresses) as JSON. A process of its own, because process.cpuUsage() counts every thread of a
 * process, and the test runner's other threads would be counted with it.
 */
import { startAuthEmulator } from './emulator.ts';

const before = process.cpuUsage();
const emulators = [
  await startAuthEmulator({ projectId: 'demo-auth-test' }),
  await startAuthEmulator({ projectId: 'demo-auth-test' }),
];
const { user, system } = process.cpuUsage(before);
console.log(
  JSON.stringify({ cpuSeconds: (user + system) / 1e6, urls: emulators.map((emulator) => emulator.url) }),
);
await Promise.all(emulators.map((emulator) => emulator.stop()));
