import { fillTemplate, splitPaintTemplate } from '../paint-template';

describe('first-paint templates', () => {
  it('fills values escaped, keeps sections that are on and drops the others', () => {
    const template = '<h1 title="{{name}}">{{name}}</h1><!--if:date--><p>{{date}}</p><!--end:date--><!--if:code--><b>share</b><!--end:code-->';
    expect(fillTemplate(template, { values: { name: `<script>"&'`, date: '01/06/2030' }, sections: { date: true } })).toBe(
      '<h1 title="&lt;script&gt;&quot;&amp;&#x27;">&lt;script&gt;&quot;&amp;&#x27;</h1><p>01/06/2030</p>',
    );
  });

  it('fills sections inside sections, also inside a tag', () => {
    const template = '<!--if:image--><img <!--if:eager-->loading="eager"<!--end:eager--><!--if:lazy-->loading="lazy"<!--end:lazy--> src="{{src}}"><!--end:image-->';
    expect(fillTemplate(template, { values: { src: '/a.webp' }, sections: { image: true, lazy: true } })).toBe('<img loading="lazy" src="/a.webp">');
    expect(fillTemplate(template, { values: { src: '/a.webp' }, sections: { lazy: true } })).toBe('');
  });

  it('repeats a list once per item, each with its own values and sections, in order', () => {
    const template = '<ul><!--each:tiles--><li><!--if:video-->▶<!--end:video-->{{label}}</li><!--end:tiles--></ul><p>{{count}}</p>';
    const filled = fillTemplate(template, {
      values: { count: '2' },
      lists: { tiles: [{ values: { label: 'Ana' }, sections: { video: true } }, { values: { label: 'Bia' } }] },
    });
    expect(filled).toBe('<ul><li>▶Ana</li><li>Bia</li></ul><p>2</p>');
    expect(fillTemplate(template, { values: { count: '0' } })).toBe('<ul></ul><p>0</p>');
  });

  it('never reads a filled value as a slot: a guest named {{count}} stays that name', () => {
    const template = '<!--each:tiles--><i>{{label}}</i><!--end:tiles--><p>{{count}}</p>';
    expect(fillTemplate(template, { values: { count: '7' }, lists: { tiles: [{ values: { label: '{{count}} <!--if:x-->' } }] } })).toBe(
      '<i>{{count}} &lt;!--if:x--&gt;</i><p>7</p>',
    );
  });

  it('splits a built template at its head and body markers', () => {
    expect(splitPaintTemplate('<!-- head -->\n<meta name="a">\n<!-- body -->\n<main></main>\n')).toEqual({ head: '<meta name="a">', body: '<main></main>' });
    expect(splitPaintTemplate('<main></main>')).toBeNull();
  });
});
