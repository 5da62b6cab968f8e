/** Placeholder: built by the profile work. */
export default function Placeholder() {
  return null;
}
