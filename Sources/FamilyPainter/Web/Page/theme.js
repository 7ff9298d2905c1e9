const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");
const themeButton = document.getElementById("theme");

function isDark() {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === "dark" : darkQuery.matches;
}

/// "dark", "light", or anything else for the system's choice; returns the theme shown.
function setTheme(name) {
  if (name === "dark" || name === "light") document.documentElement.dataset.theme = name;
  else delete document.documentElement.dataset.theme;
  showTheme();
  return isDark() ? "dark" : "light";
}

function showTheme() {
  themeButton.setAttribute("aria-pressed", String(isDark()));
  overviewImage = null;
}
themeButton.addEventListener("click", () => setTheme(isDark() ? "light" : "dark"));
darkQuery.addEventListener("change", showTheme);
showTheme();
