import type { ReactNode } from 'react';

export interface BlogPost {
  id: string;
  question: string;
  answer: ReactNode;
}

function Code({ children }: { children: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label="Code example"
      className="overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
    >
      <code>{children}</code>
    </pre>
  );
}

/** PRODUCT.md §1: the five front-end questions, answered for this site. */
export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How do you improve the performance of a React application?',
    answer: (
      <>
        <p>
          Measure first. The React DevTools Profiler shows which components render, how often and why; Lighthouse and
          the browser&apos;s Performance panel show what the user waits for. Most slowness has one of three causes: too
          much JavaScript to download, too much rendering, or too much waiting on the network.
        </p>
        <ul>
          <li>
            <strong>Ship less code.</strong> Split by route so each page loads only what it needs. On this site the
            landing page does not download the form library or the validation schemas: the contact form is fetched when
            you scroll near it, and the login page is its own chunk.
          </li>
          <li>
            <strong>Render less.</strong> Keep state as close as possible to where it is used, so a keystroke re-renders
            one field rather than the whole page. Give list items stable <code>key</code>s. Reach for <code>memo</code>,{' '}
            <code>useMemo</code> and <code>useCallback</code> when the profiler shows an expensive component
            re-rendering with the same inputs, not by default; the React Compiler can add them for you.
          </li>
          <li>
            <strong>Keep long lists short.</strong> Paginate or virtualise lists of thousands of rows so the DOM only
            holds what is on screen.
          </li>
          <li>
            <strong>Fetch smarter.</strong> Cache server data (TanStack Query here), start requests in parallel instead
            of in a waterfall, and use <code>useTransition</code> or <code>useDeferredValue</code> so heavy updates
            never block typing.
          </li>
          <li>
            <strong>Mind the assets.</strong> Give images explicit width and height so the layout does not jump,
            lazy-load those below the fold, and self-host a subset of your font.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          Every JavaScript object has a hidden link, <code>[[Prototype]]</code>, to another object (or to{' '}
          <code>null</code>). When you read a property the object does not have, the engine follows that link and looks
          on the prototype, then on the prototype&apos;s prototype, and so on up the <em>prototype chain</em> until it
          finds the property or reaches <code>null</code> and returns <code>undefined</code>. Writing a property always
          puts it on the object itself, which is how an object can shadow what it inherits.
        </p>
        <Code>{`const part = {
  describe() { return \`\${this.name}: $\${this.price}\`; },
};

const brakePad = Object.create(part); // brakePad.[[Prototype]] === part
brakePad.name = 'Ceramic brake pads';
brakePad.price = 49;

brakePad.describe();                       // found on part, 'this' is brakePad
Object.getPrototypeOf(brakePad) === part;  // true
brakePad.hasOwnProperty('describe');       // false: it is inherited`}</Code>
        <p>
          Methods are shared rather than copied, so a thousand parts cost one <code>describe</code> function. The{' '}
          <code>class</code> syntax is built on the same mechanism: methods live on <code>Part.prototype</code>, every{' '}
          <code>new Part()</code> links to it, and <code>extends</code> links one prototype to another.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'Why should you write unit tests?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code (a function, a hook, a component) in isolation, in milliseconds.
          The value is not the test itself but what it lets you do afterwards:
        </p>
        <ul>
          <li>
            <strong>Change code without fear.</strong> Refactor, upgrade a library or fix a bug, and the suite tells you
            in seconds whether anything that used to work is now broken.
          </li>
          <li>
            <strong>Find bugs early and cheaply.</strong> A failing test on your machine costs minutes; the same bug
            found by a customer at checkout costs orders and trust.
          </li>
          <li>
            <strong>Document behaviour.</strong> A test such as &ldquo;shows &lsquo;Password is required&rsquo; when the
            password is empty&rdquo; is a specification that can never go out of date.
          </li>
          <li>
            <strong>Design better code.</strong> Code that is hard to test is usually doing too much; writing the test
            first pushes you towards small, focused units.
          </li>
        </ul>
        <p>
          Test behaviour, not implementation: render the component, act as a user would (type, click) and assert on what
          the user sees. And make sure every test can fail: break the code once and watch it go red.
        </p>
      </>
    ),
  },
  {
    id: 'search-by-name',
    question: 'How do you find products by name in an array of products?',
    answer: (
      <>
        <p>
          Normalise the search term once, then keep the products whose name contains it with <code>filter</code>, which
          returns a new array and leaves the original untouched:
        </p>
        <Code>{`function searchByName(products, query) {
  const term = query.trim().toLocaleLowerCase();
  if (!term) return products;
  return products.filter((product) =>
    product.name.toLocaleLowerCase().includes(term),
  );
}

searchByName(parts, 'brake');
// → [{ name: 'Ceramic brake pads', … }, { name: 'Brake disc 320 mm', … }]`}</Code>
        <p>
          Use <code>find</code> instead when you need only the first match (it stops as soon as it finds one) and an
          exact, case-insensitive comparison such as{' '}
          <code>
            a.localeCompare(b, undefined, {'{'} sensitivity: &apos;base&apos; {'}'})
          </code>{' '}
          when &ldquo;contains&rdquo; is too loose. For a catalogue of thousands of products searched on every
          keystroke, debounce the input and let the server search an indexed column rather than filtering in the
          browser.
        </p>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <p>Start by asking what kind of state it is, because each kind has a natural home:</p>
        <ul>
          <li>
            <strong>Local UI state</strong> (an open menu, a form field): <code>useState</code> or{' '}
            <code>useReducer</code> in the component that owns it, lifted to the closest common parent only when
            siblings need it.
          </li>
          <li>
            <strong>Server state</strong> (parts, orders, reviews): a cache of data that lives on the server. A
            data-fetching library such as TanStack Query handles loading, errors, retries, caching and refetching; this
            site uses it for every API call.
          </li>
          <li>
            <strong>Global client state</strong> (the signed-in user, a theme): React Context for values that change
            rarely, or a small store such as Zustand or Redux Toolkit when many components update it often.
          </li>
          <li>
            <strong>Form state</strong>: a form library such as React Hook Form keeps inputs uncontrolled and validates
            them with a schema, so typing does not re-render the page.
          </li>
          <li>
            <strong>URL state</strong> (the current page, filters, a selected item): the router, so a link or a refresh
            brings the user back to the same view.
          </li>
        </ul>
        <p>
          Keep each piece of state in exactly one place and derive everything else from it during render. Most
          applications need far less global state than they first appear to.
        </p>
      </>
    ),
  },
];
