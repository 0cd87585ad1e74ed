// Late entry: offer a bye choice only for the rounds before the first round played. A round
// shown for the first time starts on "half-point bye"; without this script the server asks
// for any round it did not offer.
document.addEventListener("DOMContentLoaded", () => {
  const select = document.querySelector("[data-late-first-round]");
  if (!select) return;
  const update = () => {
    const first = Number(select.value);
    document.querySelectorAll("[data-missed-round]").forEach((column) => {
      const offered = Number(column.dataset.missedRound) < first;
      column.classList.toggle("d-none", !offered);
      const radios = column.querySelectorAll("input[type=radio]");
      if (offered && ![...radios].some((r) => r.checked) && radios.length) {
        radios[0].checked = true;
      }
    });
  };
  select.addEventListener("change", update);
  update();
});
