import { doneBySentence, type DoneBy } from "~/domain/orders/done-by";

/** "Completada por Ana": who behind the counter did the order's changes, when it was recorded. */
export function DoneByLine({ doneBy }: { doneBy: DoneBy }) {
  const sentence = doneBySentence(doneBy);
  return sentence ? <span className="block basis-full text-xs text-stone-600">{sentence}</span> : null;
}

/** The same, as a term of an order's details. */
export function DoneByTerm({ doneBy }: { doneBy: DoneBy }) {
  const sentence = doneBySentence(doneBy);
  if (!sentence) return null;
  return (
    <>
      <dt className="text-stone-600">Quién</dt>
      <dd>{sentence}</dd>
    </>
  );
}
