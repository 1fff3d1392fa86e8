import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBulkEditValue, htmlToPlainText, renderPostSummary, renderTemplatePost, renderVariablesInHtml, renderVariablesInText } from './render';
import { BULK_EDIT_VARIABLES, POST_TEMPLATE_VARIABLES, variableLabels, type VariableSource } from './variables';

const bakery: VariableSource = {
  Title: 'Rosa & Sons Bakery',
  Town: 'Austin',
  State: 'TX',
  Region: 'US',
  PostCode: '78701',
  StreetAddressLine1: '1 Main St',
  StreetAddressLine2: 'Suite 2',
  PrimaryPhoneNumber: '(512) 555-0100',
  AdditionalPhoneNumbers: ['(512) 555-0101', '(512) 555-0102'],
  Website: 'https://rosa.example',
  ProfileDescription: 'Bread since 1950',
  OwnerFirstName: 'Rosa',
  OwnerLastName: 'Diaz',
};

describe('template variables', () => {
  it('lists the spec variables of post templates and bulk edit', () => {
    expect(variableLabels(POST_TEMPLATE_VARIABLES).map((l) => l.toLowerCase())).toEqual([
      'city',
      'state',
      'country',
      'title',
      'streetaddressline1',
      'streetaddressline2',
      'zip',
      'phone1',
      'additionalphonenumber',
      'phone2',
      'businessname',
      'town',
      'websiteurl',
      'profiledescription',
    ]);
    expect(variableLabels(BULK_EDIT_VARIABLES)).toEqual([
      'State',
      'Zip',
      'Town',
      'AddressLine1',
      'AddressLine2',
      'BusinessName',
      'FirstName',
      'LastName',
      'PrimaryPhoneNumber',
      'AdditionalPhoneNumber',
      'BusinessDescription',
      'WebsiteUrl',
    ]);
  });

  it('substitutes every variable from the location, case-insensitively', () => {
    expect(renderVariablesInText('@businessname in @CITY, @State @zip (@Country)', bakery)).toBe('Rosa & Sons Bakery in Austin, TX 78701 (United States)');
    expect(renderVariablesInText('@Phone1 / @phone2 / @AdditionalPhoneNumber', bakery)).toBe(
      '(512) 555-0100 / (512) 555-0101 / (512) 555-0101, (512) 555-0102',
    );
    expect(renderVariablesInText('@FirstName @LastName, @AddressLine1 @AddressLine2, @BusinessDescription', bakery)).toBe(
      'Rosa Diaz, 1 Main St Suite 2, Bread since 1950',
    );
    expect(renderVariablesInText('@WebsiteUrl @Town @Title @StreetAddressLine1 @ProfileDescription', bakery)).toBe(
      'https://rosa.example Austin Rosa & Sons Bakery 1 Main St Bread since 1950',
    );
  });

  it('renders unknown variables and missing values empty', () => {
    expect(renderVariablesInText('Hi @Nickname!', bakery)).toBe('Hi !');
    expect(renderVariablesInText('@City|@Phone2|', { Title: 'x' })).toBe('||');
  });

  it('leaves e-mail addresses and a lone @ alone, and renders chips side by side', () => {
    expect(renderVariablesInText('mail info@rosa.example or @ us', bakery)).toBe('mail info@rosa.example or @ us');
    expect(renderVariablesInText('@BusinessName@City.', bakery)).toBe('Rosa & Sons BakeryAustin.');
  });

  it('adds no whitespace around a value: the text between variables is kept byte for byte', () => {
    expect(renderVariablesInText('@City, @State.', bakery)).toBe('Austin, TX.');
    expect(renderVariablesInText('@{City}ville @{State}x', bakery)).toBe('Austinville TXx');
    expect(renderVariablesInText('x@{City}', bakery)).toBe('xAustin');
    expect(renderBulkEditValue('  @BusinessName  ', bakery)).toBe('Rosa & Sons Bakery');
    const html = '<p><span data-type="mention" data-id="City">@City</span>, <span data-type="mention" data-id="State">@State</span>.</p>';
    expect(renderPostSummary(html, bakery)).toBe('Austin, TX.');
  });

  it('renders any text with variables as the text with each value in its place, nothing added (property)', () => {
    const labels = variableLabels(BULK_EDIT_VARIABLES);
    const values = new Map(labels.map((l) => [l, renderVariablesInText(`@{${l}}`, bakery)]));
    const literal = fc.string({ maxLength: 12 }).map((t) => t.replace(/[@{}]/g, ''));
    const segment = fc.oneof(
      literal.map((text) => ({ text, expected: text })),
      fc.constantFrom(...labels).map((l) => ({ text: `@{${l}}`, expected: values.get(l)! })),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const text = segments.map((s) => s.text).join('');
        expect(renderVariablesInText(text, bakery)).toBe(segments.map((s) => s.expected).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('renders only text in HTML and escapes the values', () => {
    const html = '<p data-x="@City">Visit <span data-type="mention" data-id="BusinessName">@BusinessName</span> in @city</p>';
    expect(renderVariablesInHtml(html, { ...bakery, Town: '<b>Austin</b>' })).toBe(
      '<p data-x="@City">Visit <span data-type="mention" data-id="BusinessName">Rosa &amp; Sons Bakery</span> in &lt;b&gt;Austin&lt;/b&gt;</p>',
    );
  });
});

describe('plain text for Google', () => {
  it('turns paragraphs and breaks into lines and decodes entities', () => {
    expect(htmlToPlainText('<p>Fresh <strong>bread</strong> &amp; cakes</p><p>Open&nbsp;daily<br>8&#8211;5</p>')).toBe('Fresh bread & cakes\nOpen daily\n8–5');
    expect(htmlToPlainText('<ul><li>one</li><li>two</li></ul>')).toBe('• one\n• two');
    expect(htmlToPlainText('<p>a</p><script>alert(1)</script>')).toBe('a');
  });

  it('never cuts a long summary: Google gets the whole text or nothing', () => {
    const long = 'word '.repeat(400).trim();
    expect(renderPostSummary(`<p>${long}</p>`, bakery)).toBe(long);
  });

  it('renders a template for one location as Google receives it', () => {
    expect(renderPostSummary('<p>Hello from <span data-type="mention" data-id="BusinessName">@BusinessName</span>, @City!</p>', bakery)).toBe(
      'Hello from Rosa & Sons Bakery, Austin!',
    );
  });

  it("makes a location's post of a template: content and event title rendered, a call to action only where Google takes one", () => {
    const schedule = { StartDate: '2026-12-01', EndDate: '2026-12-02', EnableTime: false, StartTime: null, EndTime: null };
    const event = renderTemplatePost(
      {
        TopicType: 'EVENT',
        TemplateContent: '<p>Tasting at @BusinessName</p>',
        MediaItemUrl: '/media/x.png',
        CallToAction: { ActionType: 'BOOK', Url: 'https://rosa.example/book' },
        Event: { EventTitle: `@City ${'open house '.repeat(10)}`, Schedule: schedule },
        Offer: null,
      },
      bakery,
    );
    expect(event).toMatchObject({ TopicType: 'EVENT', Summary: 'Tasting at Rosa & Sons Bakery', MediaUrl: '/media/x.png' });
    expect(event.CallToAction).toEqual({ ActionType: 'BOOK', Url: 'https://rosa.example/book' });
    expect(event.Event!.EventTitle.startsWith('Austin open house')).toBe(true);
    expect(Array.from(event.Event!.EventTitle)).toHaveLength(58);
    const offer = renderTemplatePost(
      {
        TopicType: 'OFFER',
        TemplateContent: '<p>10% off in @City</p>',
        MediaItemUrl: null,
        CallToAction: { ActionType: 'SHOP', Url: 'https://rosa.example' },
        Event: { EventTitle: 'Sale', Schedule: schedule },
        Offer: { CouponCode: 'ROSA10', RedeemOnlineUrl: '', TermsConditions: 'One per visit' },
      },
      bakery,
    );
    expect(offer).toMatchObject({
      Summary: '10% off in Austin',
      CallToAction: null,
      Offer: { CouponCode: 'ROSA10', RedeemOnlineUrl: '', TermsConditions: 'One per visit' },
    });
  });
});
