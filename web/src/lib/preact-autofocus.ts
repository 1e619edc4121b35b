import { options, type Ref, type VNode } from 'preact';

/**
 * React focuses an element rendered with `autoFocus` when it mounts; Preact only sets the
 * attribute, which browsers honour while the page loads and not for an element added later with
 * focus elsewhere ("Change vehicle" opens a form whose Make list must take the focus). This gives
 * every element with `autoFocus` React's behaviour: focused once, when it mounts (a ref runs after
 * the whole update is in the document). Imported first by main.tsx and by the tests' set-up.
 */
const focused = new WeakSet<Element>();

function focusOnMount(element: HTMLElement | null) {
  if (!element || focused.has(element)) return;
  focused.add(element);
  element.focus();
}

/** The element's own ref and the focusing one, one function per ref so neither runs twice. */
const combined = new WeakMap<object, Ref<HTMLElement>>();
function withFocus(ref: Ref<HTMLElement> | null | undefined): Ref<HTMLElement> {
  if (!ref) return focusOnMount;
  let both = combined.get(ref);
  if (!both) {
    both = (element: HTMLElement | null) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
    };
    combined.set(ref, both);
  }
  return both;
}

const previous = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props.autoFocus) vnode.ref = withFocus(vnode.ref as Ref<HTMLElement>);
  previous?.(vnode);
};
