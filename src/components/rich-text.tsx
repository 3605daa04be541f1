import { Fragment, type ReactNode } from 'react';
import type { MessagePart } from '../paraglide/runtime.js';

/** A compiled message with markup ({#link}…{/link}): Paraglide gives its parts as well as its text. */
interface RichMessage<Inputs> {
  (inputs: Inputs): string;
  parts?: (inputs: Inputs) => MessagePart[];
  readonly __paraglide?: { markup: object };
}

type MarkupOf<M> = M extends { readonly __paraglide?: { markup: infer T } } ? T : never;
type Renderers<M> = { [Tag in keyof MarkupOf<M>]: (children: ReactNode) => ReactNode };

interface Props<Inputs, M extends RichMessage<Inputs>> {
  message: M;
  inputs: Inputs;
  /** How each of the message's tags renders; TypeScript requires one for every tag the message uses. */
  tags: Renderers<M>;
}

interface Frame {
  name: string | undefined;
  children: ReactNode[];
}

/**
 * Renders a message whose text carries markup, e.g. "See {#about}About{/about} for the details", with each
 * tag rendered by the page (a router link, <strong>, a <time>): translators move the tags with the words,
 * and no HTML is ever parsed. A tag the page does not know renders as its plain text.
 */
export function RichText<Inputs, M extends RichMessage<Inputs>>({ message, inputs, tags }: Props<Inputs, M>) {
  const render = tags as Record<string, ((children: ReactNode) => ReactNode) | undefined>;
  const stack: Frame[] = [{ name: undefined, children: [] }];
  const close = () => {
    const frame = stack.pop()!;
    const parent = stack[stack.length - 1]!;
    const children = <Fragment key={parent.children.length}>{frame.children}</Fragment>;
    const renderer = frame.name === undefined ? undefined : render[frame.name];
    parent.children.push(
      <Fragment key={parent.children.length}>{renderer ? renderer(children) : children}</Fragment>,
    );
  };
  // A message without markup (a past twin may have none where its twin ahead had a link) is its text.
  const parts: MessagePart[] = message.parts?.(inputs) ?? [{ type: 'text', value: message(inputs) }];
  for (const part of parts) {
    const current = stack[stack.length - 1]!.children;
    if (part.type === 'text') {
      // One text node for adjacent text (a variable between two words), as in the English source.
      const last = current.length - 1;
      if (typeof current[last] === 'string') current[last] += part.value;
      else current.push(part.value);
    } else if (part.type === 'markup-start') stack.push({ name: part.name, children: [] });
    else if (part.type === 'markup-end') {
      if (stack.length > 1) close();
    } else {
      const renderer = render[part.name];
      if (renderer) current.push(<Fragment key={current.length}>{renderer(null)}</Fragment>);
    }
  }
  while (stack.length > 1) close();
  return <>{stack[0]!.children}</>;
}
