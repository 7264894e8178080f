/**
 * The tailwind-merge configuration of `cn` (cn.ts): only the class groups of tailwind-merge's
 * default configuration (`getDefaultConfig`, tailwind-merge 3.7) that the Tailwind classes written
 * in src/web belong to, copied from it unchanged (class definitions, theme scales, conflicting
 * groups and modifiers, order-sensitive modifiers), in its order, and nothing else.
 *
 * Why (issue #16, first-load JS): `cn` runs on every page, so tailwind-merge is in every page's
 * first load. With the default configuration its chunk weighed 8.4 KB gzip, and building the class
 * map of its ~250 groups took ~50 ms of main thread on a throttled phone at start-up. Because
 * `getDefaultConfig` is not imported (`createTailwindMerge(getTailwindMergeConfig)` in cn.ts), the
 * bundler leaves it and `twMerge` out: the chunk is 5.4 KB gzip (this configuration ~2.5 KB of it),
 * and the class map has 108 groups instead of ~250 (built in about a third of the time, cold, in
 * Node).
 *
 * What keeps it honest: cn.test.ts collects every class-like word of the string and template
 * literals in src/web (variants such as `sm:`, `hover:`, `aria-[invalid=true]:` and the `!` marker
 * taken off; the groups here are those words' groups) and checks that `cn` merges every ordered
 * pair of them, bare and under `sm:` / `hover:`, exactly as tailwind-merge's full `twMerge` does.
 * It fails when a used class belongs to a group missing here (whether used today or written
 * later), when a group here takes a used class differently, or when a conflict between two used
 * groups is missing; after a tailwind-merge upgrade it compares against the new default.
 *
 * When it fails on a new kind of class (say `grow`, `text-balance`, `ps-4`):
 * 1. find the class's group in `getDefaultConfig` (node_modules/tailwind-merge/dist/bundle-mjs.mjs,
 *    `classGroups`): `grow: [{ grow: ['', isNumber, ...] }]`;
 * 2. copy that entry into `classGroups` below at its place in the default order, with the scale
 *    helpers (`scale...`), theme getters (`theme...` and their `theme` entry) and validators it
 *    uses;
 * 3. copy its `conflictingClassGroups` (and `conflictingClassGroupModifiers`) entry, keeping the
 *    groups present here, and add it to the entries here that name it in the default config
 *    (`grow` to `flex: [...]`); copy a `postfixLookupClassGroups` entry too (`container-type`).
 *
 * A few groups are here only because a word the scan takes for a class is also a Tailwind class:
 * `outline` (outline-w: a Button variant name), `visible` (visibility: document.visibilityState),
 * `filter` (filter: a query parameter). They cost a few bytes and keep the scan simple.
 */
import { fromTheme, validators, type Config, type DefaultClassGroupIds, type DefaultThemeGroupIds } from 'tailwind-merge';

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

type DefaultConfig = Config<DefaultClassGroupIds, DefaultThemeGroupIds>;

/** Builds the config; `createTailwindMerge` calls it once, at the first `cn` call (as it would `getDefaultConfig`). */
export function getTailwindMergeConfig() {
  const themeColor = fromTheme('color');
  const themeFont = fromTheme('font');
  const themeText = fromTheme('text');
  const themeFontWeight = fromTheme('font-weight');
  const themeTracking = fromTheme('tracking');
  const themeLeading = fromTheme('leading');
  const themeBreakpoint = fromTheme('breakpoint');
  const themeContainer = fromTheme('container');
  const themeSpacing = fromTheme('spacing');
  const themeRadius = fromTheme('radius');
  const themeShadow = fromTheme('shadow');
  const themeBlur = fromTheme('blur');
  const themeAspect = fromTheme('aspect');
  const themeAnimate = fromTheme('animate');
  const scaleOverflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'];
  const scaleOverscroll = () => ['auto', 'contain', 'none'];
  const scaleUnambiguousSpacing = () => [isArbitraryVariable, isArbitraryValue, themeSpacing];
  const scaleInset = () => [isFraction, 'full', 'auto', ...scaleUnambiguousSpacing()];
  const scaleGridTemplateColsRows = () => [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue];
  const scaleGridColRowStartAndEnd = () => ['auto', { span: ['full', isInteger, isArbitraryVariable, isArbitraryValue] }, isInteger, isArbitraryVariable, isArbitraryValue];
  const scaleAlignPrimaryAxis = () => ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe'];
  const scaleAlignSecondaryAxis = () => ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'];
  const scaleMargin = () => ['auto', ...scaleUnambiguousSpacing()];
  const scaleSizing = () => [isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', ...scaleUnambiguousSpacing()];
  const scaleColor = () => [themeColor, isArbitraryVariable, isArbitraryValue];
  const scaleRadius = () => ['', 'none', 'full', themeRadius, isArbitraryVariable, isArbitraryValue];
  const scaleBorderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
  const scaleLineStyle = () => ['solid', 'dashed', 'dotted', 'double'];
  const scaleBlur = () => ['', 'none', themeBlur, isArbitraryVariable, isArbitraryValue];
  const scaleRotate = () => ['none', isNumber, isArbitraryVariable, isArbitraryValue];
  const scaleTranslate = () => [isFraction, 'full', ...scaleUnambiguousSpacing()];

  const theme = {
    animate: ['spin', 'ping', 'pulse', 'bounce'],
    aspect: ['video'],
    blur: [isTshirtSize],
    breakpoint: [isTshirtSize],
    color: [isAny],
    container: [isTshirtSize],
    font: [isAnyNonArbitrary],
    'font-weight': ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
    leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
    radius: [isTshirtSize],
    shadow: [isTshirtSize],
    spacing: ['px', isNumber],
    text: [isTshirtSize],
    tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
  } satisfies Partial<DefaultConfig['theme']>;

  // In the default config's order: when two groups could take a class (`text-sm`: font-size or the catch-all text-color), the first wins.
  const classGroups = {
    // Aspect Ratio: https://tailwindcss.com/docs/aspect-ratio
    aspect: [{ aspect: ['auto', 'square', isFraction, isArbitraryValue, isArbitraryVariable, themeAspect] }],
    // Display: https://tailwindcss.com/docs/display
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'inline-table', 'table-caption', 'table-cell', 'table-column', 'table-column-group', 'table-footer-group', 'table-header-group', 'table-row-group', 'table-row', 'flow-root', 'grid', 'inline-grid', 'contents', 'list-item', 'hidden'],
    // Screen Reader Only: https://tailwindcss.com/docs/display#screen-reader-only
    sr: ['sr-only', 'not-sr-only'],
    // Object Fit: https://tailwindcss.com/docs/object-fit
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    // Overflow: https://tailwindcss.com/docs/overflow
    overflow: [{ overflow: scaleOverflow() }],
    // Overflow X: https://tailwindcss.com/docs/overflow
    'overflow-x': [{ 'overflow-x': scaleOverflow() }],
    // Overflow Y: https://tailwindcss.com/docs/overflow
    'overflow-y': [{ 'overflow-y': scaleOverflow() }],
    // Overscroll Behavior: https://tailwindcss.com/docs/overscroll-behavior
    overscroll: [{ overscroll: scaleOverscroll() }],
    // Position: https://tailwindcss.com/docs/position
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    // Inset: https://tailwindcss.com/docs/top-right-bottom-left
    inset: [{ inset: scaleInset() }],
    // Inset Inline: https://tailwindcss.com/docs/top-right-bottom-left
    'inset-x': [{ 'inset-x': scaleInset() }],
    // Inset Block: https://tailwindcss.com/docs/top-right-bottom-left
    'inset-y': [{ 'inset-y': scaleInset() }],
    // Top: https://tailwindcss.com/docs/top-right-bottom-left
    top: [{ top: scaleInset() }],
    // Right: https://tailwindcss.com/docs/top-right-bottom-left
    right: [{ right: scaleInset() }],
    // Bottom: https://tailwindcss.com/docs/top-right-bottom-left
    bottom: [{ bottom: scaleInset() }],
    // Left: https://tailwindcss.com/docs/top-right-bottom-left
    left: [{ left: scaleInset() }],
    // Visibility: https://tailwindcss.com/docs/visibility
    visibility: ['visible', 'invisible', 'collapse'],
    // Z-Index: https://tailwindcss.com/docs/z-index
    z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
    // Flex Basis: https://tailwindcss.com/docs/flex-basis
    basis: [{ basis: [isFraction, 'full', 'auto', themeContainer, ...scaleUnambiguousSpacing()] }],
    // Flex Direction: https://tailwindcss.com/docs/flex-direction
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    // Flex Wrap: https://tailwindcss.com/docs/flex-wrap
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    // Flex: https://tailwindcss.com/docs/flex
    flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
    // Flex Shrink: https://tailwindcss.com/docs/flex-shrink
    shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
    // Order: https://tailwindcss.com/docs/order
    order: [{ order: [isInteger, 'first', 'last', 'none', isArbitraryVariable, isArbitraryValue] }],
    // Grid Template Columns: https://tailwindcss.com/docs/grid-template-columns
    'grid-cols': [{ 'grid-cols': scaleGridTemplateColsRows() }],
    // Grid Column Start / End: https://tailwindcss.com/docs/grid-column
    'col-start-end': [{ col: scaleGridColRowStartAndEnd() }],
    // Gap: https://tailwindcss.com/docs/gap
    gap: [{ gap: scaleUnambiguousSpacing() }],
    // Gap X: https://tailwindcss.com/docs/gap
    'gap-x': [{ 'gap-x': scaleUnambiguousSpacing() }],
    // Gap Y: https://tailwindcss.com/docs/gap
    'gap-y': [{ 'gap-y': scaleUnambiguousSpacing() }],
    // Justify Content: https://tailwindcss.com/docs/justify-content
    'justify-content': [{ justify: [...scaleAlignPrimaryAxis(), 'normal'] }],
    // Align Items: https://tailwindcss.com/docs/align-items
    'align-items': [{ items: [...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
    // Align Self: https://tailwindcss.com/docs/align-self
    'align-self': [{ self: ['auto', ...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
    // Padding: https://tailwindcss.com/docs/padding
    p: [{ p: scaleUnambiguousSpacing() }],
    // Padding Inline: https://tailwindcss.com/docs/padding
    px: [{ px: scaleUnambiguousSpacing() }],
    // Padding Block: https://tailwindcss.com/docs/padding
    py: [{ py: scaleUnambiguousSpacing() }],
    // Padding Top: https://tailwindcss.com/docs/padding
    pt: [{ pt: scaleUnambiguousSpacing() }],
    // Padding Right: https://tailwindcss.com/docs/padding
    pr: [{ pr: scaleUnambiguousSpacing() }],
    // Padding Bottom: https://tailwindcss.com/docs/padding
    pb: [{ pb: scaleUnambiguousSpacing() }],
    // Padding Left: https://tailwindcss.com/docs/padding
    pl: [{ pl: scaleUnambiguousSpacing() }],
    // Margin: https://tailwindcss.com/docs/margin
    m: [{ m: scaleMargin() }],
    // Margin Inline: https://tailwindcss.com/docs/margin
    mx: [{ mx: scaleMargin() }],
    // Margin Block: https://tailwindcss.com/docs/margin
    my: [{ my: scaleMargin() }],
    // Margin Top: https://tailwindcss.com/docs/margin
    mt: [{ mt: scaleMargin() }],
    // Margin Right: https://tailwindcss.com/docs/margin
    mr: [{ mr: scaleMargin() }],
    // Margin Bottom: https://tailwindcss.com/docs/margin
    mb: [{ mb: scaleMargin() }],
    // Margin Left: https://tailwindcss.com/docs/margin
    ml: [{ ml: scaleMargin() }],
    // Space Between Y: https://tailwindcss.com/docs/margin#adding-space-between-children
    'space-y': [{ 'space-y': scaleUnambiguousSpacing() }],
    // Size: https://tailwindcss.com/docs/width#setting-both-width-and-height
    size: [{ size: scaleSizing() }],
    // Width: https://tailwindcss.com/docs/width
    w: [{ w: [themeContainer, 'screen', ...scaleSizing()] }],
    // Min-Width: https://tailwindcss.com/docs/min-width
    'min-w': [{ 'min-w': [themeContainer, 'screen', 'none', ...scaleSizing()] }],
    // Max-Width: https://tailwindcss.com/docs/max-width
    'max-w': [{ 'max-w': [themeContainer, 'screen', 'none', 'prose', { screen: [themeBreakpoint] }, ...scaleSizing()] }],
    // Height: https://tailwindcss.com/docs/height
    h: [{ h: ['screen', 'lh', ...scaleSizing()] }],
    // Min-Height: https://tailwindcss.com/docs/min-height
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
    // Max-Height: https://tailwindcss.com/docs/max-height
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
    // Font Size: https://tailwindcss.com/docs/font-size
    'font-size': [{ text: ['base', themeText, isArbitraryVariableLength, isArbitraryLength] }],
    // Font Style: https://tailwindcss.com/docs/font-style
    'font-style': ['italic', 'not-italic'],
    // Font Weight: https://tailwindcss.com/docs/font-weight
    'font-weight': [{ font: [themeFontWeight, isArbitraryVariableWeight, isArbitraryWeight] }],
    // Font Family: https://tailwindcss.com/docs/font-family
    'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, themeFont] }],
    // Font Variant Numeric: https://tailwindcss.com/docs/font-variant-numeric
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    // Letter Spacing: https://tailwindcss.com/docs/letter-spacing
    tracking: [{ tracking: [themeTracking, isArbitraryVariable, isArbitraryValue] }],
    // Line Clamp: https://tailwindcss.com/docs/line-clamp
    'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
    // Line Height: https://tailwindcss.com/docs/line-height
    leading: [{ leading: ['none', themeLeading, ...scaleUnambiguousSpacing()] }],
    // List Style Type: https://tailwindcss.com/docs/list-style-type
    'list-style-type': [{ list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] }],
    // Text Alignment: https://tailwindcss.com/docs/text-align
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    // Text Color: https://tailwindcss.com/docs/text-color
    'text-color': [{ text: scaleColor() }],
    // Text Decoration: https://tailwindcss.com/docs/text-decoration
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    // Text Underline Offset: https://tailwindcss.com/docs/text-underline-offset
    'underline-offset': [{ 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] }],
    // Text Transform: https://tailwindcss.com/docs/text-transform
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    // Text Overflow: https://tailwindcss.com/docs/text-overflow
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    // Vertical Alignment: https://tailwindcss.com/docs/vertical-align
    'vertical-align': [{ align: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super', isArbitraryVariable, isArbitraryValue] }],
    // Whitespace: https://tailwindcss.com/docs/whitespace
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    // Word Break: https://tailwindcss.com/docs/word-break
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    // Background Color: https://tailwindcss.com/docs/background-color
    'bg-color': [{ bg: scaleColor() }],
    // Gradient Color Stops From: https://tailwindcss.com/docs/gradient-color-stops
    'gradient-from': [{ from: scaleColor() }],
    // Gradient Color Stops To: https://tailwindcss.com/docs/gradient-color-stops
    'gradient-to': [{ to: scaleColor() }],
    // Border Radius: https://tailwindcss.com/docs/border-radius
    rounded: [{ rounded: scaleRadius() }],
    // Border Radius Top: https://tailwindcss.com/docs/border-radius
    'rounded-t': [{ 'rounded-t': scaleRadius() }],
    // Border Radius Bottom Right: https://tailwindcss.com/docs/border-radius
    'rounded-br': [{ 'rounded-br': scaleRadius() }],
    // Border Radius Bottom Left: https://tailwindcss.com/docs/border-radius
    'rounded-bl': [{ 'rounded-bl': scaleRadius() }],
    // Border Width: https://tailwindcss.com/docs/border-width
    'border-w': [{ border: scaleBorderWidth() }],
    // Border Width Top: https://tailwindcss.com/docs/border-width
    'border-w-t': [{ 'border-t': scaleBorderWidth() }],
    // Border Width Bottom: https://tailwindcss.com/docs/border-width
    'border-w-b': [{ 'border-b': scaleBorderWidth() }],
    // Border Width Left: https://tailwindcss.com/docs/border-width
    'border-w-l': [{ 'border-l': scaleBorderWidth() }],
    // Border Style: https://tailwindcss.com/docs/border-style
    'border-style': [{ border: [...scaleLineStyle(), 'hidden', 'none'] }],
    // Border Color: https://tailwindcss.com/docs/border-color
    'border-color': [{ border: scaleColor() }],
    // Outline Style: https://tailwindcss.com/docs/outline-style
    'outline-style': [{ outline: [...scaleLineStyle(), 'none', 'hidden'] }],
    // Outline Width: https://tailwindcss.com/docs/outline-width
    'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    // Box Shadow: https://tailwindcss.com/docs/box-shadow
    shadow: [{ shadow: ['', 'inner', 'none', themeShadow, isArbitraryVariableShadow, isArbitraryShadow] }],
    // Ring Width: https://tailwindcss.com/docs/box-shadow#adding-a-ring
    'ring-w': [{ ring: scaleBorderWidth() }],
    // Ring Width Inset: https://v3.tailwindcss.com/docs/ring-width#inset-rings (deprecated since Tailwind CSS v4.0.0)
    'ring-w-inset': ['ring-inset'],
    // Ring Color: https://tailwindcss.com/docs/box-shadow#setting-the-ring-color
    'ring-color': [{ ring: scaleColor() }],
    // Ring Offset Width: https://v3.tailwindcss.com/docs/ring-offset-width (deprecated since Tailwind CSS v4.0.0)
    'ring-offset-w': [{ 'ring-offset': [isNumber, isArbitraryLength] }],
    // Opacity: https://tailwindcss.com/docs/opacity
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    // Filter: https://tailwindcss.com/docs/filter
    filter: [{ filter: ['', 'none', isArbitraryVariable, isArbitraryValue] }],
    // Backdrop Blur: https://tailwindcss.com/docs/backdrop-blur
    'backdrop-blur': [{ 'backdrop-blur': scaleBlur() }],
    // Border Collapse: https://tailwindcss.com/docs/border-collapse
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    // Transition Property: https://tailwindcss.com/docs/transition-property
    transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', isArbitraryVariable, isArbitraryValue] }],
    // Animation: https://tailwindcss.com/docs/animation
    animate: [{ animate: ['none', themeAnimate, isArbitraryVariable, isArbitraryValue] }],
    // Rotate: https://tailwindcss.com/docs/rotate
    rotate: [{ rotate: scaleRotate() }],
    // Translate X: https://tailwindcss.com/docs/translate
    'translate-x': [{ 'translate-x': scaleTranslate() }],
    // Translate Y: https://tailwindcss.com/docs/translate
    'translate-y': [{ 'translate-y': scaleTranslate() }],
    // Accent Color: https://tailwindcss.com/docs/accent-color
    accent: [{ accent: scaleColor() }],
    // Cursor: https://tailwindcss.com/docs/cursor
    cursor: [{ cursor: ['auto', 'default', 'pointer', 'wait', 'text', 'move', 'help', 'not-allowed', 'none', 'context-menu', 'progress', 'cell', 'crosshair', 'vertical-text', 'alias', 'copy', 'no-drop', 'grab', 'grabbing', 'all-scroll', 'col-resize', 'row-resize', 'n-resize', 'e-resize', 's-resize', 'w-resize', 'ne-resize', 'nw-resize', 'se-resize', 'sw-resize', 'ew-resize', 'ns-resize', 'nesw-resize', 'nwse-resize', 'zoom-in', 'zoom-out', isArbitraryVariable, isArbitraryValue] }],
    // Pointer Events: https://tailwindcss.com/docs/pointer-events
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    // Resize: https://tailwindcss.com/docs/resize
    resize: [{ resize: ['none', '', 'y', 'x'] }],
    // Scroll Margin Top: https://tailwindcss.com/docs/scroll-margin
    'scroll-mt': [{ 'scroll-mt': scaleUnambiguousSpacing() }],
    // User Select: https://tailwindcss.com/docs/user-select
    select: [{ select: ['none', 'text', 'all', 'auto'] }],
    // Fill: https://tailwindcss.com/docs/fill
    fill: [{ fill: ['none', ...scaleColor()] }],
  } satisfies Partial<DefaultConfig['classGroups']>;

  type ClassGroupId = keyof typeof classGroups;
  return {
    cacheSize: 500,
    theme,
    classGroups,
    conflictingClassGroups: {
      overflow: ['overflow-x', 'overflow-y'],
      inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
      'inset-x': ['right', 'left'],
      'inset-y': ['top', 'bottom'],
      flex: ['basis', 'shrink'],
      gap: ['gap-x', 'gap-y'],
      p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
      px: ['pr', 'pl'],
      py: ['pt', 'pb'],
      m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
      mx: ['mr', 'ml'],
      my: ['mt', 'mb'],
      size: ['w', 'h'],
      'font-size': ['leading'],
      'line-clamp': ['display', 'overflow'],
      rounded: ['rounded-t', 'rounded-br', 'rounded-bl'],
      'border-w': ['border-w-t', 'border-w-b', 'border-w-l'],
    },
    conflictingClassGroupModifiers: {
      'font-size': ['leading'],
    },
    orderSensitiveModifiers: ['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'],
  } satisfies Config<ClassGroupId, keyof typeof theme>;
}
