import { errorPageTitle, parseErrorPageQuery } from '../error-page';

describe('parseErrorPageQuery', () => {
  it('defaults to 500 and "Something went wrong."', () => {
    expect(parseErrorPageQuery(new URLSearchParams(''))).toEqual({
      status: 500,
      message: 'Something went wrong.',
    });
  });

  it('reads status and message from the query', () => {
    expect(
      parseErrorPageQuery(new URLSearchParams('?status=404&message=Contract%20not%20found')),
    ).toEqual({
      status: 404,
      message: 'Contract not found',
    });
  });

  it('ignores a status that is not an HTTP status code', () => {
    expect(parseErrorPageQuery(new URLSearchParams('status=abc')).status).toBe(500);
    expect(parseErrorPageQuery(new URLSearchParams('status=42')).status).toBe(500);
    expect(parseErrorPageQuery(new URLSearchParams('status=999')).status).toBe(500);
  });

  it('titles the page with the status followed by "Error"', () => {
    expect(errorPageTitle(403)).toBe('403 Error');
  });
});
