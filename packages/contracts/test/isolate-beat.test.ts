import { asIsolateBeat, ISOLATE_BEAT } from '../src';

describe("an isolate's heartbeat is read from its thread's messages", () => {
  it.each([
    [
      { [ISOLATE_BEAT]: 3, tid: 4711 },
      { [ISOLATE_BEAT]: 3, tid: 4711 },
    ],
    [{ [ISOLATE_BEAT]: 3 }, { [ISOLATE_BEAT]: 3, tid: undefined }],
    [
      { [ISOLATE_BEAT]: 3, tid: '4711' },
      { [ISOLATE_BEAT]: 3, tid: undefined },
    ],
  ])('reads %j as a beat', (message, beat) => {
    expect(asIsolateBeat(message)).toEqual(beat);
  });

  it.each([null, undefined, 3, 'beat', {}, { [ISOLATE_BEAT]: '3' }, { t: 'started', tid: 4711 }])('reads %j as no beat', (message) => {
    expect(asIsolateBeat(message)).toBeUndefined();
  });
});
