/** Asks for a secret in the terminal without echoing it; Ctrl-C ends the process, Ctrl-D the input. */
export function readSecret(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve) => {
    let secret = '';
    const finish = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      resolve(secret);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          process.exit(130);
        } else if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          return;
        } else if (char === '\u007f' || char === '\b') {
          secret = [...secret].slice(0, -1).join('');
        } else if (char >= ' ') {
          secret += char;
        }
      }
    };
    // Raw mode first, so nothing typed after the prompt appears is echoed.
    stdin.setRawMode(true);
    stderr.write(prompt);
    stdin.resume();
    stdin.on('data', onData);
  });
}
