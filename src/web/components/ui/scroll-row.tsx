/**
 * A row that scrolls sideways (date chips, filter tabs) and shows that it does: while more lies
 * to one side, that edge fades out and a round arrow button ("Scroll left" / "Scroll right")
 * scrolls by most of a width. The arrows are for pointers (they stay out of the Tab order:
 * keyboard users reach every chip by Tab). Props other than the fade colour go to the
 * scrolling element, and `ref` is that element.
 */
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type HTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/cn';

export interface ScrollRowProps extends HTMLAttributes<HTMLDivElement> {
  ref?: Ref<HTMLDivElement | null>;
  /** The colour the edges fade into: the background behind the row (Tailwind `from-*`). */
  fadeFrom?: string;
}

/** Whether there is more to see on each side (a pixel of slack for fractional widths). */
function overflowOf(element: HTMLElement): { left: boolean; right: boolean } {
  return { left: element.scrollLeft > 1, right: element.scrollLeft + element.clientWidth < element.scrollWidth - 1 };
}

export function ScrollRow({ ref, fadeFrom = 'from-white', className, children, onScroll, ...rest }: ScrollRowProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => scroller.current!, []);
  const [more, setMore] = useState({ left: false, right: false });
  const update = useCallback(() => {
    if (!scroller.current) return;
    const next = overflowOf(scroller.current);
    // the same answer keeps the same state, so a re-render does not loop
    setMore((current) => (current.left === next.left && current.right === next.right ? current : next));
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [update, children]);

  const scrollBy = (direction: -1 | 1) => {
    const element = scroller.current;
    if (element) element.scrollBy({ left: direction * Math.max(element.clientWidth * 0.8, 80), behavior: 'smooth' });
  };
  const arrowClass =
    'absolute top-1/2 z-10 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow hover:bg-slate-100';

  return (
    <div className="relative">
      <div
        ref={scroller}
        className={cn('overflow-x-auto', className)}
        onScroll={(event) => {
          update();
          onScroll?.(event);
        }}
        {...rest}
      >
        {children}
      </div>
      {more.left ? (
        <>
          <div aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 left-0 w-12 bg-gradient-to-r to-transparent', fadeFrom)} />
          <button type="button" tabIndex={-1} aria-label={t('scrollRow.left')} onClick={() => scrollBy(-1)} className={cn(arrowClass, 'left-0')}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </button>
        </>
      ) : null}
      {more.right ? (
        <>
          <div aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l to-transparent', fadeFrom)} />
          <button type="button" tabIndex={-1} aria-label={t('scrollRow.right')} onClick={() => scrollBy(1)} className={cn(arrowClass, 'right-0')}>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/**
 * Scrolls `item` sideways into the middle of its row `row` when it is not fully visible there;
 * leaves the page's vertical scroll alone (unlike `scrollIntoView`).
 */
export function revealInRow(row: HTMLElement, item: HTMLElement, behavior: ScrollBehavior = 'auto'): void {
  const rowBox = row.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  if (itemBox.left >= rowBox.left && itemBox.right <= rowBox.right) return;
  const left = row.scrollLeft + (itemBox.left - rowBox.left) - (rowBox.width - itemBox.width) / 2;
  if (typeof row.scrollTo === 'function') row.scrollTo({ left, behavior });
  else row.scrollLeft = left;
}
