/** A part for hydration tests: a footer whose button counts presses, so a test sees it answer the app. */
import { useState } from 'react';

export function PressedCounter() {
  const [count, setCount] = useState(0);
  return (
    <footer>
      <button type="button" onClick={() => setCount(count + 1)}>
        Pressed {count}
      </button>
    </footer>
  );
}
