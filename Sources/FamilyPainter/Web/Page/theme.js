const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");
const themeButton = document.getElementById("theme");

function isDark() {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === "dark" : darkQuery.matches;
}

/// The browser's storage for this page's origin (a file:// page shares it with other local
/// pages), or null where it is refused.
function storage() {
  try { return window.localStorage; } catch { return null; }
}
const THEME_KEY = "familychart-theme";

/// "dark", "light", or anything else for the system's choice; returns the theme shown. The
/// choice is kept for the next visit (in the browser's local storage, when it allows).
function setTheme(name) {
  const chosen = name === "dark" || name === "light" ? name : null;
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
  try { if (chosen) storage()?.setItem(THEME_KEY, chosen); else storage()?.removeItem(THEME_KEY); } catch { /* full or refused */ }
  showTheme();
  return isDark() ? "dark" : "light";
}

function showTheme() {
  themeButton.setAttribute("aria-pressed", String(isDark()));
  overviewImage = null;
}
themeButton.addEventListener("click", () => setTheme(isDark() ? "light" : "dark"));
darkQuery.addEventListener("change", showTheme);
{
  let kept = null;
  try { kept = storage()?.getItem(THEME_KEY); } catch { /* refused */ }
  if (kept === "dark" || kept === "light") document.documentElement.dataset.theme = kept;
}
showTheme();
