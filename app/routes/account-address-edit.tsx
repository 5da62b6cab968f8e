/** Placeholder: built by the address book work. */
export default function Placeholder() {
  return null;
}
