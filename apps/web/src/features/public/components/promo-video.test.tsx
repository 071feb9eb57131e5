// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PromoVideo, TOUR_CTA } from './promo-video.tsx';

afterEach(cleanup);

describe('PromoVideo', () => {
  it('shows the in-app poster and loads nothing from the video host until clicked', () => {
    const { container } = render(
      <PromoVideo
        url="https://www.youtube-nocookie.com/embed/abc123"
        title="Demo video"
        caption="Watch"
        onTour={() => {}}
      />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Demo video' }));
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123?autoplay=1');
    expect(frame?.getAttribute('title')).toBe('Demo video');
  });

  it('without a configured URL the poster opens the product tour', () => {
    let toured = 0;
    const { container } = render(
      <PromoVideo url={null} title="Demo video" caption="Watch" onTour={() => (toured += 1)} />,
    );
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TOUR_CTA }));
    expect(toured).toBe(1);
    expect(container.querySelector('iframe')).toBeNull();
  });
});
