/**
 * The first thing a keyboard reaches on a page with a header: it jumps past the header to the page's
 * `<main id="main">`. Off screen until focused, then shown at the top left (base.css, .skip-link).
 */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to main content
    </a>
  );
}
