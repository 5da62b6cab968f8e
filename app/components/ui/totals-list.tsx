/** An order's money as the cart, checkout and (later) payment pages show it, already formatted. */
export type Totals = { subtotal: string; voucher: string | null; shipping: string; total: string };
/** Each row's words, in the page's own namespace ("Voucher SUMMER10"). */
export type TotalsWords = { subtotal: string; voucher: string; shipping: string; total: string };

/** One line's row; `imageUrl`, its product's card art, where the page has room for it (checkout). */
export type TotalsLine = { id: string; label: string; price: string; imageUrl?: string };

/**
 * The lines and totals of a cart or an order as a description list: one row per line (its
 * label and price), then subtotal, the voucher's discount if any, shipping and the total.
 * Styled by `.totals` (styles/components.css).
 */
export function TotalsList({ lines, totals, words }: { lines: readonly TotalsLine[]; totals: Totals; words: TotalsWords }) {
  return (
    <dl className="totals">
      {lines.map((line) => (
        <div key={line.id}>
          <dt>
            {/* Decorative: the label names the product. */}
            {line.imageUrl ? <img className="totals__art" src={line.imageUrl} alt="" width={48} height={30} /> : null}
            {line.label}
          </dt>
          <dd>{line.price}</dd>
        </div>
      ))}
      <div className="totals__subtotal">
        <dt>{words.subtotal}</dt>
        <dd>{totals.subtotal}</dd>
      </div>
      {totals.voucher ? (
        <div>
          <dt>{words.voucher}</dt>
          <dd>{totals.voucher}</dd>
        </div>
      ) : null}
      <div>
        <dt>{words.shipping}</dt>
        <dd>{totals.shipping}</dd>
      </div>
      <div className="totals__total">
        <dt>{words.total}</dt>
        <dd>{totals.total}</dd>
      </div>
    </dl>
  );
}
