// mjml 5 ships no types: the one call Repolog makes (async since version 5).
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { message: string; formattedMessage?: string }[];
  }
  export default function mjml2html(
    mjml: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean },
  ): Promise<MjmlResult>;
}
