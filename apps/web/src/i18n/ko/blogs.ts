import type { Catalog } from '../index';

/** Korean texts of the blogs area (see ./index.ts): the blog page and the workspace. */
export const blogs = {
  // features/blogs
  blogTexts: {
    loadFailed: '블로그 데이터나 활동을 불러오지 못했습니다.',
    notFound: '블로그를 찾을 수 없습니다.',
    deleted: '블로그를 삭제했습니다.',
    deleteFailed: '블로그를 삭제하지 못했습니다. 다시 시도하세요.',
    deleteConfirm: '이 블로그를 삭제하시겠습니까?',
  },
  blogView: {
    title: '블로그',
    notFoundTitle: '블로그를 찾을 수 없음',
    loading: '불러오는 중…',
  },
  followedBlogs: {
    title: '즐겨찾기한 블로그',
    loadError: '블로그를 불러오는 중 오류가 발생했습니다: {message}',
    empty: '아직 즐겨찾기한 블로그가 없습니다.',
  },
  blogHeader: {
    openRepository: 'GitHub에서 저장소 열기',
    repository: '저장소',
    editBlog: '블로그 수정',
  },
  blogMembers: {
    title: '프로젝트 멤버',
    owner: '소유자',
  },
  developerBlogs: {
    title: '개발자 블로그',
    loadError: '블로그를 불러오는 중 오류가 발생했습니다: {message}',
  },
  blogDelete: {
    deleteBlog: '블로그 삭제',
    confirmBody: '블로그의 브레이크스루와 댓글도 함께 삭제됩니다.',
    yes: '예',
    no: '아니요',
  },
  favoriteStar: {
    label: '이 블로그 즐겨찾기',
    remove: '즐겨찾기에서 삭제',
    add: '즐겨찾기에 추가',
  },
  repositoryActivity: {
    title: '프로젝트 저장소 활동',
    empty: '저장소 활동이 없습니다!',
    Commit: '커밋',
    Issue: '이슈',
    PullRequest: '풀 리퀘스트',
    breakthrough: '브레이크스루: {title}',
  },
  repoConnection: {
    title: '저장소 연결',
    connected: '연결됨: Repolog GitHub App이 이 저장소를 읽고 변경 사항을 전달받습니다.',
    notConnected:
      '연결되지 않음: 저장소 활동은 멤버의 GitHub 로그인으로 읽으며 1분마다 새로 고칩니다.',
    removed:
      '접근 권한이 제거됨: GitHub App이 더 이상 이 저장소에 접근할 수 없어 이벤트가 멈췄습니다. 활동과 초안을 최신으로 유지하려면 다시 연결하세요.',
    connect: '저장소 연결하기',
    mergedPullDrafts: '풀 리퀘스트가 병합되면 초안 남기기',
    closeLoop: '이슈나 풀 리퀘스트에 관한 브레이크스루가 게시되면 그곳에 댓글 남기기',
    missing:
      'GitHub App에 {permissions} 권한이 없습니다. 저장소 소유자가 GitHub의 App 설정에서 권한을 허용할 수 있습니다.',
    saveFailed: '설정을 저장하지 못했습니다. 다시 시도하세요.',
  },
  blogArticles: {
    notice: '공지 ({count})',
    breakthroughs: '브레이크스루 ({count})',
    write: '글쓰기',
    shareInvite: '여러분의 브레이크스루를 공유해 주세요!',
    postOwn: '내 브레이크스루 게시',
    empty: '브레이크스루가 없습니다',
  },

  // features/workspace
  blogFormRules: {
    requiredFields: '필수 항목을 모두 입력하세요.',
    noGithubUser: '이 ID의 GitHub 사용자를 찾을 수 없습니다.',
    checkUserFailed: 'GitHub 사용자를 확인하는 중 오류가 발생했습니다.',
    networkError: '네트워크 오류: 서버에 연결할 수 없습니다',
    descriptionTooLong:
      '소개가 {bytes}바이트입니다. 최대 {max}바이트까지 입력할 수 있습니다. 줄여 주세요.',
    serverError: '서버 오류: {message}',
    unknownError: '알 수 없는 오류가 발생했습니다',
  },
  formSkeleton: { loading: '불러오는 중…' },
  createBlog: {
    loadError: '오류: {message}',
    hasBlog: '블로그 있음',
    private: '비공개',
    submit: '블로그 만들기',
  },
  editBlog: {
    loadError: '오류: {message}',
    membersOnly: '{name}의 멤버만 이 블로그를 수정할 수 있습니다.',
    back: '블로그로 돌아가기',
    submit: '변경 사항 저장',
  },
  workspaceBlogs: {
    running: '현재 운영 중인 블로그입니다.',
    empty: '프로젝트 멤버를 추가하고 GitHub 저장소를 기술 블로그로 만들어 보세요',
    loading: '내 블로그를 불러오는 중…',
    loadError: '오류: {message}',
    create: '새 기술 블로그 만들기',
  },
  contributorsField: {
    legend: '기여자',
    hint: 'GitHub ID로 프로젝트 멤버를 추가하세요.',
    inputLabel: '기여자 GitHub ID',
    placeholder: 'GitHub ID',
    checking: '확인 중…',
    add: '추가',
    members: '프로젝트 멤버',
    owner: '소유자',
    remove: '{login} 삭제',
    alreadyListed: '{login} 님은 이미 목록에 있습니다.',
    added: '{login} 님을 추가했습니다.',
    removed: '{login} 님을 삭제했습니다.',
  },
  blogForm: {
    nameLabel: '블로그 이름',
    namePlaceholder: '기술 블로그 이름을 입력하세요',
    descriptionLabel: '소개',
    descriptionPlaceholder: '프로젝트와 팀을 소개하세요 (최대 {max}바이트)',
    bytes: '{bytes} / {max}바이트',
    bytesOver: '{bytes} / {max}바이트 — {over}바이트 초과',
    repoLabel: '저장소',
    repoPlaceholder: '저장소 선택',
    repoEmptyOption: 'GitHub 계정의 저장소를 선택하세요',
    repoEmpty: 'GitHub 계정에서 저장소를 찾지 못했습니다.',
    repoClearName: '저장소',
    repoLocked: '블로그의 저장소는 변경할 수 없습니다.',
    cancel: '취소',
    saving: '저장 중…',
  },
} satisfies Catalog;
