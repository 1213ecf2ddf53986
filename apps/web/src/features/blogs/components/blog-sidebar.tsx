import { BlogMembers } from './blog-members';
import { RepoConnectionPanel } from './repo-connection';
import { RepositoryActivity } from './repository-activity';

/**
 * The left column of a team blog: its members, how its repository is connected (members see
 * it) and the repository's activity.
 */
export function BlogSidebar({
  blogId,
  isMember,
  members,
  owner,
  repoUrl,
}: {
  blogId: number;
  isMember: boolean;
  members: string[];
  owner: string;
  repoUrl: string;
}) {
  return (
    <>
      <BlogMembers members={members} owner={owner} />
      {isMember && <RepoConnectionPanel blogId={blogId} />}
      <RepositoryActivity repoUrl={repoUrl} blogId={blogId} />
    </>
  );
}
