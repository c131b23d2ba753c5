/* Keying a paper score sheet at the desk (templates/tournaments/sheet_key.html).
 * Tab moves through a deal's boxes, then to the next deal; Enter goes to the next deal's first
 * box, adding a row after the last one; Ctrl+Enter saves. Leaving a row checks the rows so far on the server (the
 * same check Save makes, nothing written): the refusal appears beside the deal and field it names,
 * and each deal the game took shows its running totals. Typing one of a pair of numbers that adds
 * up to a fixed total (162 card points) fills in the other while it is empty. Without this script
 * the form posts as it is and the page answers with the same words. */
(function () {
  "use strict";
  var form = document.getElementById("sheet-key");
  if (!form) return;
  var body = form.querySelector("tbody");
  var banner = document.getElementById("sheet-error");
  var checking = null;

  function rows() { return Array.prototype.slice.call(body.querySelectorAll("tr[data-deal]")); }
  function boxes(row) { return Array.prototype.slice.call(row.querySelectorAll("input, select")); }
  function rowOf(el) { return el && el.closest ? el.closest("tr[data-deal]") : null; }

  function addRow() {
    var all = rows();
    var last = all[all.length - 1];
    var was = Number(last.dataset.deal);
    var now = was + 1;
    var copy = last.cloneNode(true);
    copy.dataset.deal = String(now);
    copy.classList.remove("has-error");
    copy.querySelector("th").textContent = String(now);
    boxes(copy).forEach(function (box) {
      box.name = box.name.replace(/^d\d+\./, "d" + now + ".");
      var label = box.getAttribute("aria-label") || "";
      box.setAttribute("aria-label", label.replace(" " + was + " ·", " " + now + " ·"));
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
      if (box.type === "checkbox") box.checked = false;
      else if (box.tagName === "SELECT") box.selectedIndex = 0;
      else box.value = "";
    });
    copy.querySelectorAll("output").forEach(function (out) { out.textContent = ""; });
    var after = last.nextElementSibling;
    if (after && after.classList.contains("row-error")) last = after;
    last.after(copy);
    return copy;
  }

  function clearErrors() {
    body.querySelectorAll("tr.row-error").forEach(function (tr) { tr.remove(); });
    body.querySelectorAll("tr.has-error").forEach(function (tr) { tr.classList.remove("has-error"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (box) {
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
    });
    banner.hidden = true;
    banner.textContent = "";
  }

  function showError(error) {
    banner.textContent = error.said;
    banner.hidden = false;
    var row = body.querySelector('tr[data-deal="' + error.deal + '"]');
    if (!row) return;
    row.classList.add("has-error");
    var id = "error-" + error.deal;
    var line = document.createElement("tr");
    line.className = "row-error";
    var cell = document.createElement("td");
    cell.colSpan = row.children.length;
    var said = document.createElement("p");
    said.className = "form-error";
    said.id = id;
    said.textContent = error.said;
    cell.appendChild(said);
    line.appendChild(cell);
    row.after(line);
    boxes(row).forEach(function (box) {
      if (error.field && box.dataset.field === error.field) {
        box.setAttribute("aria-invalid", "true");
        box.setAttribute("aria-describedby", id);
      }
    });
  }

  function showTotals(totals) {
    rows().forEach(function (row) {
      var running = totals[row.dataset.deal] || {};
      row.querySelectorAll("td.total").forEach(function (cell) {
        var value = running[cell.dataset.side];
        cell.querySelector("output").textContent = value === undefined ? "" : String(value);
      });
    });
  }

  function check(upto) {
    var data = new FormData(form);
    data.append("upto", String(upto));
    if (checking) checking.abort();
    checking = new AbortController();
    fetch(form.dataset.check, { method: "POST", body: data, signal: checking.signal, headers: { "X-Requested-With": "fetch" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (found) {
        if (!found) return;
        clearErrors();
        if (found.error) showError(found.error);
        showTotals(found.totals || {});
      })
      .catch(function () { /* offline or superseded: Save still checks everything */ });
  }

  function filled(row) {
    return boxes(row).some(function (box) { return box.type === "checkbox" ? box.checked : box.value !== ""; });
  }

  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    if (event.key !== "Enter" || event.target.tagName === "BUTTON") return;
    var row = rowOf(event.target);
    if (!row) return;
    event.preventDefault();
    var next = row.nextElementSibling;
    while (next && !next.dataset.deal) next = next.nextElementSibling;
    if (!next) next = addRow();
    boxes(next)[0].focus();
  });

  /* Leaving a row checks every filled row but the one now being typed. */
  form.addEventListener("focusout", function (event) {
    var left = rowOf(event.target);
    var to = rowOf(event.relatedTarget);
    if (!left || to === left) return;
    var upto = 0;
    rows().forEach(function (row) { if (row !== to && filled(row)) upto = Math.max(upto, Number(row.dataset.deal)); });
    check(upto);
  });

  form.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.dataset || !box.dataset.total || box.value === "") return;
    var row = rowOf(box);
    var total = Number(box.dataset.total);
    var value = Number(box.value);
    if (!row || isNaN(value)) return;
    boxes(row).forEach(function (other) {
      if (other !== box && other.dataset.field === box.dataset.field && other.dataset.total && other.value === "") {
        other.value = String(total - value);
      }
    });
  });
})();
