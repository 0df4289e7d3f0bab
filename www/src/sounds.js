/* Move, capture and blast sounds, made in code with the Web Audio API (no sound files, so
 * nothing to load from file://). One AudioContext for the page, made at the first sound (browsers
 * let it start only after a click or a key, which is when moves are played). */

let ctx = null;
function audio() {
  if (ctx) return ctx;
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return null;
  try { ctx = new AC(); } catch (_) { ctx = null; }
  return ctx;
}

/** A short knock: a sine dropping in pitch, the sound of wood on wood. */
function knock(a, t, freq, gain, length) {
  const o = a.createOscillator(), g = a.createGain();
  o.type = 'triangle';
  o.frequency.setValueAtTime(freq, t);
  o.frequency.exponentialRampToValueAtTime(freq * 0.45, t + length);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.005);
  g.gain.exponentialRampToValueAtTime(0.0001, t + length);
  o.connect(g).connect(a.destination);
  o.start(t);
  o.stop(t + length + 0.02);
}

/** Noise through a closing low-pass filter: a muffled explosion. */
function boom(a, t) {
  const len = 0.9, n = Math.floor(a.sampleRate * len);
  const buf = a.createBuffer(1, n, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 2);
  const src = a.createBufferSource(), f = a.createBiquadFilter(), g = a.createGain();
  src.buffer = buf;
  f.type = 'lowpass';
  f.frequency.setValueAtTime(1800, t);
  f.frequency.exponentialRampToValueAtTime(90, t + len);
  g.gain.setValueAtTime(0.9, t);
  src.connect(f).connect(g).connect(a.destination);
  src.start(t);
  knock(a, t, 90, 0.8, 0.5);
}

/** Plays the sound of a move report from the engine: 'move', 'capture' or 'blast'. */
export function play(kind) {
  const a = audio();
  if (!a) return;
  if (a.state === 'suspended') a.resume().catch(() => {});
  const t = a.currentTime + 0.01;
  if (kind === 'blast') boom(a, t);
  else if (kind === 'capture') { knock(a, t, 520, 0.5, 0.09); knock(a, t + 0.05, 300, 0.45, 0.12); } else knock(a, t, 380, 0.45, 0.1);
}

/** Which sound a played move makes. */
export function kindOf(report) {
  if (report.blasted && report.blasted.length) return 'blast';
  return report.captured ? 'capture' : 'move';
}

