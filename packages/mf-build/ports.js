// Dev-server ports of the remotes when a team develops one alone (npm run dev -w <remote>).
module.exports = {
  'mf-results': 3101,
  'mf-filters': 3102,
  'mf-showcase': 3103,
  'mf-reference': 3104,
  'mf-compare': 3105,
  'mf-alerts': 3106,
};
