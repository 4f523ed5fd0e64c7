import { spinFrames, spinPosition, turnSpin } from '../src/rules/spin';

describe('the 360° spin', () => {
  it.each([
    [0, 1, 4, 1],
    [3, 1, 4, 0],
    [0, -1, 4, 3],
    [1, -6, 4, 3],
    [2, 9, 4, 3],
    [0, 1, 0, 0],
  ])('from view %i, %i steps around %i views is view %i', (at, by, count, to) => {
    expect(turnSpin(at, by, count)).toBe(to);
  });

  it('takes the photos from the primary one on, leaving out any without a usable address', () => {
    const frames = spinFrames({
      title: 'Used 2020 Ford F150 XLT w/ Tow Package',
      images: {
        sources: [
          { src: '/a.png', alt: 'a' },
          { src: 'javascript:alert(1)', alt: 'bad' },
          { src: '/c.png', alt: '' },
        ],
        primary: 2,
      },
    });
    expect(frames).toEqual([
      { src: '/c.png', alt: 'Used 2020 Ford F150 XLT' },
      { src: '/a.png', alt: 'a' },
    ]);
    expect(spinPosition(1, 2)).toBe('View 2 of 2');
  });
});
