-- A part's edit version kept beside the part (issue 26, catalogue/parts/part-version.ts): the
-- imports (cross-references, fitment) move a part's version here instead of in `parts`. An
-- UPDATE of `parts.updated_at` writes a whole new row version into all seven indexes of `parts`
-- (the pages are full, so it is never HOT): ~9 s for the 100,000 parts of a 1,000,000-line
-- import. Here it is a narrow two-column row with one index. A part's edit version is
-- greatest(parts.updated_at, part_versions.version); a product edit moves `parts.updated_at`
-- past both.
CREATE TABLE "part_versions" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "part_versions" ADD CONSTRAINT "part_versions_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;
