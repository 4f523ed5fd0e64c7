// Server builds: a stylesheet import becomes an empty module (the page links the CSS files).
module.exports = function noStyles() {
  return 'export {};';
};
