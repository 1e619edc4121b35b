import { useTitle } from '@/hooks/use-title.ts';
import { blogPosts } from '../components/blog-posts.tsx';

export default function BlogsPage() {
  useTitle('Blogs');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blogs</h1>
        <p className="mt-3 text-lg text-base-content/80">
          Questions front-end developers ask, answered by the team behind this site.
        </p>
        <nav aria-label="Questions" className="mt-6">
          <ol className="list-decimal space-y-1 pl-6">
            {blogPosts.map((post) => (
              <li key={post.id}>
                <a href={`#${post.id}`} className="link link-hover">
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      <div className="flex flex-col gap-10">
        {blogPosts.map((post) => (
          <article
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-title`}
            className="scroll-mt-20 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
          >
            <h2 id={`${post.id}-title`} className="mb-4 text-2xl font-bold">
              {post.question}
            </h2>
            <div className="blog-answer flex flex-col gap-4 leading-relaxed [&_code]:rounded [&_code]:bg-base-200 [&_code]:px-1 [&_code]:text-[0.9em] [&_li]:mb-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-6">
              {post.answer}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
