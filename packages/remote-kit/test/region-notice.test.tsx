import { render, screen } from '@testing-library/react';
import { RegionNotice, REGION_NOTICE, showRegionNotice } from '../src';

describe('the region notice, one markup for React and the DOM', () => {
  it('is a status naming the remote, the same whether a remote or the shell shows it', () => {
    const { container } = render(<RegionNotice name="mf-showcase" />);
    const region = document.createElement('section');
    region.innerHTML = '<p>old content</p>';
    showRegionNotice(region, 'mf-showcase');
    expect(region.innerHTML).toBe(container.innerHTML);
    expect(screen.getByRole('status')).toHaveTextContent(REGION_NOTICE);
    expect(screen.getByRole('status')).toHaveAttribute('data-remote-notice', 'mf-showcase');
  });
});
