import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { PageEvent } from '@cfs/contracts';
import type { ReactNode } from 'react';
import { ArticleCarousel } from '../src/components/ArticleCarousel';
import { ExpertReviews } from '../src/components/ExpertReviews';

const articles = Array.from({ length: 5 }, (_, i) => ({
  link: `https://www.example.com/car-news/article-${i + 1}`,
  title: `Article ${i + 1}`,
  category: 'News',
}));

/** Links are followed in a browser; here the click is reported and the navigation left out. */
const stayOnPage = (e: MouseEvent) => e.preventDefault();
beforeEach(() => document.addEventListener('click', stayOnPage));
afterEach(() => document.removeEventListener('click', stayOnPage));

function renderWithBus(ui: ReactNode): PageEvent[] {
  const bus = createBus();
  const events: PageEvent[] = [];
  bus.on('shell:page-event', (e) => events.push(e));
  render(<BusContext.Provider value={bus}>{ui}</BusContext.Provider>);
  return events;
}

describe('reference page events (page-furniture §7)', () => {
  it('reports the article carousel moving and an article followed', async () => {
    const user = userEvent.setup();
    const events = renderWithBus(<ArticleCarousel name="Ford F-150" articles={articles} />);
    await user.click(screen.getByRole('button', { name: 'Next articles' }));
    await user.click(screen.getByRole('link', { name: 'Article 4' }));
    await user.click(screen.getByRole('button', { name: 'Previous articles' }));
    // Disabled at the start: no move, nothing reported.
    await user.click(screen.getByRole('button', { name: 'Previous articles' }));
    expect(events).toEqual([
      { type: 'reference:carousel', action: 'next' },
      { type: 'reference:article-click', link: articles[3].link },
      { type: 'reference:carousel', action: 'previous' },
    ]);
  });

  it('reports an expert review followed as an article click', async () => {
    const user = userEvent.setup();
    const link = 'https://www.example.com/car-reviews/2024-ford-f-150';
    const events = renderWithBus(<ExpertReviews title="2024 Ford F-150" reviews={[{ id: 1, link, title: 'F-150 review', excerpt: '' }]} />);
    await user.click(screen.getByRole('link', { name: 'F-150 review' }));
    expect(events).toEqual([{ type: 'reference:article-click', link }]);
  });
});
