/* quizpages-controls.js: the self-check's controls of each check type, made in the page.
 *
 * Where the kind's fragment marks its options and items (span.quizpages-option, span.quizpages-item,
 * span.quizpages-blank), the controls are made in place: the lettered option becomes a labelled radio
 * button or check box, each item to match or order gets its select beside its own text, each blank its
 * text box. A reader picks with the text in view, and a screen reader hears it as the control's name.
 * A numeric answer, and any control a site's own fragment gives no mark for, goes in the question's
 * self-check fieldset instead. Every control is a native input or select.
 *
 * build(q, fieldset, t) -> {controls, read, write}: controls[i] is where the focus goes for the answer's
 * i-th part; read() gives the answer as quizpages-logic.js takes it (letters as shown), write(answer)
 * shows one ("" or [] clears).
 */
(function () {
  "use strict";

  var BLOCK = /^(P|PRE|UL|OL|DIV|TABLE|BLOCKQUOTE|DETAILS|FIGURE|H[1-6])$/;

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function plainText(node) { return node.textContent.replace(/\s+/g, " ").trim(); }

  // The list items a question's fragment marked with `selector`, by their value: {A: li, B: li}. Only
  // the question's own lists (not a list inside its text), and null unless every value has one.
  function markedItems(item, selector, attribute, wanted) {
    var found = {};
    item.querySelectorAll(":scope > ul > li > " + selector + ", :scope > ul > li > p:first-child > " + selector)
      .forEach(function (mark) { found[mark.getAttribute(attribute)] = mark.closest("li"); });
    return wanted.every(function (value) { return found[value]; }) ? found : null;
  }

  // The line of a list item that names it (its letter and text up to any block: a fenced option keeps
  // its code below), as a <label> for `control`; returns the label.
  function dropLeadingSpace(node) {
    while (node.firstChild && node.firstChild.nodeType === 3 && !node.firstChild.textContent.trim()) {
      node.removeChild(node.firstChild);
    }
  }

  function labelInPlace(li, control, before) {
    dropLeadingSpace(li);
    var host = li.firstChild && li.firstChild.nodeType === 1 && li.firstChild.tagName === "P" ? li.firstChild : li;
    dropLeadingSpace(host);
    var label = element("label", { "for": control.id, "class": "quizpages-option__label" });
    while (host.firstChild && !(host.firstChild.nodeType === 1 && BLOCK.test(host.firstChild.tagName))) {
      label.appendChild(host.firstChild);
    }
    host.insertBefore(label, host.firstChild);
    if (before) {
      host.insertBefore(control, label);
    } else {
      label.appendChild(document.createTextNode(" "));
      host.insertBefore(control, label.nextSibling);
    }
    li.classList.add(before ? "quizpages-option--pick" : "quizpages-option--select");
    return label;
  }

  function row(fieldset, labelText, control, after) {
    var wrap = element("p", { "class": "quizpages-selfcheck__row" });
    var keep = element("span", { "class": "quizpages-selfcheck__keep" });  // the box and its unit never part
    wrap.appendChild(element("label", { "for": control.id, "class": "quizpages-selfcheck__label" }, labelText));
    wrap.appendChild(document.createTextNode(" "));
    keep.appendChild(control);
    if (after) keep.appendChild(element("span", { "class": "quizpages-selfcheck__unit" }, "\u00a0" + after));
    wrap.appendChild(keep);
    fieldset.insertBefore(wrap, fieldset.querySelector(".quizpages-selfcheck__check"));
    return wrap;
  }

  function selectOf(id, choices, first) {
    var select = element("select", { id: id, "class": "quizpages-control quizpages-selfcheck__select" });
    select.appendChild(element("option", { value: "" }, first));
    choices.forEach(function (choice) { select.appendChild(element("option", { value: choice.value }, choice.text)); });
    return select;
  }

  // option letters come as one string ("ABCD"), other values as a list
  function values(data) { return typeof data.values === "string" ? data.values.split("") : data.values; }
  function valuesOf(controls) { return controls.map(function (control) { return control.value; }); }
  function writeValues(controls, answer) {
    controls.forEach(function (control, index) { control.value = (answer && answer[index]) || ""; });
  }

  // radio buttons (one choice) or check boxes (choose all): the options themselves, or boxes in the fieldset
  function picks(type) {
    return function (q, fieldset, t) {
      var data = q.check;
      var all = values(data);
      var items = markedItems(q.item, ".quizpages-option", "data-option", all);
      var inputs = all.map(function (value, index) {
        var input = element("input", { type: type, name: "quizpages-pick-" + q.id, value: value,
          id: "quizpages-pick-" + q.id + "-" + index, "class": "quizpages-control quizpages-option__input" });
        if (items) {
          labelInPlace(items[value], input, true);
        } else {
          var label = element("label", { "class": "quizpages-selfcheck__option" });
          label.appendChild(input);
          // a value reads as itself (an option letter) unless `labels` names its string (True, 참)
          label.appendChild(document.createTextNode(" " + (data.labels && data.labels[value] ? t(data.labels[value]) : value)));
          fieldset.insertBefore(label, fieldset.querySelector(".quizpages-selfcheck__check"));
        }
        return input;
      });
      var checked = function () { return inputs.filter(function (input) { return input.checked; }); };
      return {
        controls: inputs,
        inPlace: !!items,
        read: type === "radio"
          ? function () { var picked = checked()[0]; return picked ? picked.value : ""; }
          : function () { return valuesOf(checked()); },
        write: function (answer) {
          var wanted = Array.isArray(answer) ? answer : [answer];
          inputs.forEach(function (input) { input.checked = wanted.indexOf(input.value) >= 0; });
        }
      };
    };
  }

  // a select per item: beside the item's own text when the fragment marks its items, else in the fieldset
  function selects(q, fieldset, items, keys, choices, first, fallbackLabel) {
    var controls = keys.map(function (key, index) {
      var select = selectOf("quizpages-" + q.id + "-" + index, choices, first);
      if (items) labelInPlace(items[key], select, false);
      else row(fieldset, fallbackLabel(key, index), select);
      return select;
    });
    return { controls: controls, inPlace: !!items, read: function () { return valuesOf(controls); },
             write: function (answer) { writeValues(controls, answer); } };
  }

  var BUILDERS = {
    choice: picks("radio"),
    choices: picks("checkbox"),

    match: function (q, fieldset, t) {
      var data = q.check;
      var numbers = data.answer.map(function (_, index) { return String(index + 1); });
      var lefts = markedItems(q.item, ".quizpages-item", "data-item", numbers);
      var rights = markedItems(q.item, ".quizpages-option", "data-option", data.letters);
      var choices = data.letters.map(function (letter) {
        return { value: letter, text: rights ? plainText(rights[letter]) : letter };
      });
      return selects(q, fieldset, lefts, numbers, choices, t("selfcheck.choose"), function (number) { return number + ")"; });
    },

    order: function (q, fieldset, t) {
      var data = q.check;
      var items = markedItems(q.item, ".quizpages-option", "data-option", data.letters);
      var positions = data.letters.map(function (_, index) { return { value: String(index + 1), text: String(index + 1) }; });
      return selects(q, fieldset, items, data.letters, positions, t("selfcheck.order.choose"), function (letter) { return letter + ")"; });
    },

    blanks: function (q, fieldset, t) {
      var data = q.check;
      var marks = {};
      q.item.querySelectorAll("span.quizpages-blank[data-blank]").forEach(function (mark) {
        marks[mark.getAttribute("data-blank")] = mark;
      });
      var inPlace = data.blanks.every(function (_, index) { return marks[String(index + 1)]; });
      var inputs = data.blanks.map(function (_, index) {
        var label = t("selfcheck.blanks.label", { number: index + 1 });
        var input = element("input", { type: "text", id: "quizpages-blank-" + q.id + "-" + (index + 1),
          "class": "quizpages-control quizpages-selfcheck__input quizpages-blank__input", autocomplete: "off",
          spellcheck: "false" });
        if (inPlace) {
          // the box takes the place of the line to write on, after the blank's number; print keeps the line
          var mark = marks[String(index + 1)];
          var line = mark.querySelector(".quizpages-blank__line");
          input.setAttribute("aria-label", label);
          mark.insertBefore(input, line);
          if (line) line.classList.add("quizpages-blank__line--replaced");
          mark.classList.add("quizpages-blank--control");
        } else {
          row(fieldset, label, input);
        }
        return input;
      });
      return { controls: inputs, inPlace: inPlace, read: function () { return valuesOf(inputs); },
               write: function (answer) { writeValues(inputs, answer); } };
    },

    number: function (q, fieldset, t) {
      var data = q.check;
      var input = element("input", { type: "text", inputmode: "decimal", id: "quizpages-number-" + q.id,
        "class": "quizpages-control quizpages-selfcheck__input", autocomplete: "off" });
      row(fieldset, t("selfcheck.number.label"), input, data.unit);
      return { controls: [input], inPlace: false, read: function () { return input.value; },
               write: function (answer) { input.value = answer || ""; } };
    }
  };

  function build(q, fieldset, t) { return BUILDERS[q.check.type](q, fieldset, t); }
  function knows(type) { return Object.prototype.hasOwnProperty.call(BUILDERS, type); }

  (window.quizpages = window.quizpages || {}).controls = { build: build, knows: knows, element: element };
})();
