import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressGroup, createAdmissionGate, URGENT_PAUSE_LIMIT_MS } from './admission';

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('admission gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts no ordinary request while an SOS is handled, and all of them again once it is done', async () => {
    vi.useFakeTimers();
    const admission = createAdmissionGate(2);
    const running = await admission.acquire('ordinary');
    const sosDone = admission.urgentStarted();
    let admitted = 0;
    const waiting = [admission.acquire('ordinary'), admission.acquire('ordinary')].map((p) =>
      p.then((r) => (admitted++, r)),
    );
    await flush();
    running(); // what already ran finishes; its slot is not handed on during the SOS
    await flush();
    expect(admitted).toBe(0);
    expect(admission.load()).toEqual({ running: 0, waiting: 2 });

    sosDone();
    await flush();
    expect(admitted).toBe(2);
    for (const release of await Promise.all(waiting)) release();
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
    admission.close();
  });

  it('gives ordinary requests one slot after the pause limit, even while SOS follow one another', async () => {
    vi.useFakeTimers();
    const admission = createAdmissionGate(4);
    let sosDone = admission.urgentStarted();
    let admitted = 0;
    const waiting = [admission.acquire('ordinary'), admission.acquire('ordinary')].map((p) =>
      p.then((r) => (admitted++, r)),
    );
    await vi.advanceTimersByTimeAsync(URGENT_PAUSE_LIMIT_MS / 2);
    // A second SOS starts before the first ends: still one stretch of SOS handling.
    const nextSosDone = admission.urgentStarted();
    sosDone();
    sosDone = nextSosDone;
    await vi.advanceTimersByTimeAsync(URGENT_PAUSE_LIMIT_MS / 2 - 1);
    expect(admitted).toBe(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(admitted).toBe(1);
    expect(admission.load()).toEqual({ running: 1, waiting: 1 });

    sosDone();
    await flush();
    expect(admitted).toBe(2);
    for (const release of await Promise.all(waiting)) release();
    admission.close();
  });

  it('admits priority work at once while every ordinary slot is taken and others wait, and takes none of them', async () => {
    const admission = createAdmissionGate(1, 2);
    const upload = await admission.acquire('ordinary');
    let readAdmitted = false;
    const read = admission.acquire('ordinary').then((release) => ((readAdmitted = true), release));
    // Neither waits behind the upload nor behind the read queued before them.
    const health = await admission.acquire('priority');
    const checkIn = await admission.acquire('priority');
    expect(admission.load()).toEqual({ running: 3, waiting: 1 });
    health();
    checkIn();
    expect(readAdmitted).toBe(false); // a priority slot freed is not an ordinary one
    upload();
    (await read)();
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
    admission.close();
  });

  it('holds priority work too while an SOS is handled, for at most the pause limit', async () => {
    vi.useFakeTimers();
    const admission = createAdmissionGate(1, 2);
    const sosDone = admission.urgentStarted();
    let admitted = false;
    const checkIn = admission.acquire('priority').then((release) => ((admitted = true), release));
    await flush();
    expect(admitted).toBe(false);
    await vi.advanceTimersByTimeAsync(URGENT_PAUSE_LIMIT_MS);
    expect(admitted).toBe(true);
    (await checkIn)();
    sosDone();
    admission.close();
  });
});

describe('addressGroup: what counts as one client address', () => {
  it('is the IPv4 address itself, also written as IPv4-mapped IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const group = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:0002',
      '2001:db8:0:1:a:b:1.2.3.4',
      '2001:db8:0:1::5%eth0',
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:0:2::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
