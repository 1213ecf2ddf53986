import { BlogMembers } from './blog-members';
import { RepositoryActivity } from './repository-activity';

/** The left column of a team blog: its members and its repository's activity. */
export function BlogSidebar({
  members,
  owner,
  repoUrl,
}: {
  members: string[];
  owner: string;
  repoUrl: string;
}) {
  return (
    <>
      <BlogMembers members={members} owner={owner} />
      <RepositoryActivity repoUrl={repoUrl} />
    </>
  );
}
