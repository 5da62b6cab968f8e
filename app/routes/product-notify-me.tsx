/** Placeholder: built by the notify-me work. */
export default function Placeholder() {
  return null;
}
