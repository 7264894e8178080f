// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES } from '@/domain/services';
import { renderWithProviders } from '../testing/render';
import { defaultOptionValues, quoteDraft } from '../utils/option-values';
import { unitPricesFrom } from '../utils/prices';
import { PriceSummary } from './price-summary';

const prices = unitPricesFrom(undefined);

describe('price summary', () => {
  it('prices a TV installation at $45.00 plus 7.5% tax, rounded half up', () => {
    renderWithProviders(<PriceSummary quote={quoteDraft(defaultOptionValues()['tv-installation'], prices, 750)} />);
    const summary = screen.getByRole('region', { name: 'Price summary' });

    expect(within(summary).getByText('TV installation')).toBeInTheDocument();
    expect(within(summary).getByText('1 × $45.00 per job')).toBeInTheDocument();
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$45.00');
    expect(within(summary).getByText('Tax (7.5%)').nextSibling).toHaveTextContent('$3.38');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$48.38');
    expect(within(summary).getByText(/Listed prices are plus tax/)).toBeInTheDocument();
  });

  it('prices furniture by the estimated hours and painting by the rooms', () => {
    const furniture = { ...defaultOptionValues()['furniture-assembly'], estimatedHours: 3 };
    const { unmount } = renderWithProviders(<PriceSummary quote={quoteDraft(furniture, prices, 750)} />);
    expect(screen.getByText('3 × $35.00 per hour')).toBeInTheDocument();
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$112.88');
    unmount();

    renderWithProviders(<PriceSummary quote={quoteDraft({ ...defaultOptionValues().painting, rooms: 2 }, prices, 750)} variant="compact" />);
    expect(screen.getByText('Total $537.50')).toBeInTheDocument();
    expect(screen.getByText('2 × $250.00 per room')).toBeInTheDocument();
  });

  it('uses the unit prices it is given (from the public settings)', () => {
    const custom = unitPricesFrom({ services: [{ slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 5000, active: true }] } as never);
    expect(custom['tv-installation']).toBe(5000);
    expect(custom.painting).toBe(DEFAULT_SERVICES[2].unitPriceCents);
  });
});
