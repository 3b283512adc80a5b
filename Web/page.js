// The one-file pages (diff, history, organisation): their embedded data, and the navigation,
// a link to each section that names itself (`data-nav`) and the links a page adds.
function renderNav(...links) {
  $('#sections').append(...$$('main > section[data-nav]').map((s) => el('a', { href: `#${s.id}` }, s.dataset.nav)), ...links);
}
