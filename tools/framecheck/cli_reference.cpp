// The CLI reference, written from cxxopts' own tables so that it cannot say what the parser does
// not take, and compared section by section so that a stale one names what changed.
#include "cli_reference.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace framecheck::cli {
namespace {

// A table cell: a '|' would end it early, and in prose a '`' would start code.
std::string cell(std::string_view text, bool prose = false) {
  std::string out;
  for (const char c : text) {
    if (c == '|' || (prose && c == '`')) out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

// A table cell as inline code. Appended piece by piece: g++ 12 at -O3 reads "literal" + a
// temporary as an overlapping copy (-Wrestrict).
std::string code_cell(std::string_view text) {
  std::string out = "`";
  out += cell(text);
  out += '`';
  return out;
}

// "`-h, --help`" or "`--frames arg`", as --help writes the option.
std::string option_name(const cxxopts::HelpOptionDetails& o) {
  std::string name;
  if (!o.s.empty()) name += "-" + o.s + ", ";
  for (std::size_t i = 0; i < o.l.size(); ++i)
    name += (i > 0 ? ", --" : "--") + o.l[i];
  if (!o.is_boolean) {
    name += ' ';
    name += o.arg_help.empty() ? std::string("arg") : o.arg_help;
  }
  return code_cell(name);
}

// A reference cut into sections by their "## " headings, each a list of lines.
struct Section {
  std::vector<std::string> lines;
};

std::map<std::string, Section> sections_of(std::string_view text, std::vector<std::string>& order) {
  std::map<std::string, Section> sections;
  std::string current;  // the part before the first heading is ""
  order.push_back(current);
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string line(text.substr(at, end - at));
    at = end + 1;
    if (line.starts_with("## ")) {
      current = line.substr(3);
      order.push_back(current);
    }
    sections[current].lines.push_back(line);
  }
  return sections;
}

// A section's heading names its command: "## `framecheck diff`" is diff.
std::string command_of(const std::string& heading) {
  const std::size_t space = heading.rfind(' ');
  std::string name = space == std::string::npos ? heading : heading.substr(space + 1);
  std::erase(name, '`');
  return name.empty() ? std::string("the introduction") : name;
}

// The option a table row describes: its first cell.
std::string row_option(const std::string& line) {
  const std::size_t end = line.find(" | ", 2);
  return line.substr(2, end == std::string::npos ? std::string::npos : end - 2);
}

bool is_option_row(const std::string& line) {
  return line.starts_with("| `-");
}

}  // namespace

std::string reference_section(const cxxopts::Options& options) {
  // --help's own first lines: the description, then "Usage:" and the usage line.
  const std::string help = options.help();
  const std::string usage_mark = "\nUsage:\n  ";
  const std::size_t usage_at = help.find(usage_mark);
  const std::string description = help.substr(0, usage_at);
  const std::size_t line_at = usage_at + usage_mark.size();
  const std::string usage = help.substr(line_at, help.find('\n', line_at) - line_at);

  std::string text = "## `" + options.program() + "`\n\n";
  if (!description.empty()) text += cell(description, true) + "\n\n";
  text += "    " + usage + "\n\n";
  text += "| option | default | what it does |\n|---|---|---|\n";
  for (const std::string& group : options.groups()) {
    for (const cxxopts::HelpOptionDetails& o : options.group_help(group).options) {
      // A positional argument has no description of its own: the usage line names it.
      if (o.desc.empty()) continue;
      const std::string default_cell = o.has_default && !o.is_boolean && !o.default_value.empty()
                                           ? code_cell(o.default_value)
                                           : std::string();
      text += "| ";
      text += option_name(o);
      text += " | ";
      text += default_cell;
      text += " | ";
      text += cell(o.desc, true);
      text += " |\n";
    }
  }
  return text;
}

std::vector<std::string> reference_differences(std::string_view committed,
                                               std::string_view generated) {
  std::vector<std::string> found;
  if (committed == generated) return found;
  std::vector<std::string> committed_order, generated_order;
  const auto old_sections = sections_of(committed, committed_order);
  const auto new_sections = sections_of(generated, generated_order);
  for (const std::string& heading : generated_order) {
    const std::string command = command_of(heading);
    const auto old = old_sections.find(heading);
    if (old == old_sections.end()) {
      found.push_back(command + ": the command is not in the committed reference");
      continue;
    }
    const std::vector<std::string>& was = old->second.lines;
    const std::vector<std::string>& is = new_sections.at(heading).lines;
    if (was == is) continue;
    const std::set<std::string> was_set(was.begin(), was.end()), is_set(is.begin(), is.end());
    bool named = false;
    for (const std::string& line : is) {
      if (is_option_row(line) && !was_set.contains(line)) {
        const std::string option = row_option(line);
        const bool known = std::any_of(was.begin(), was.end(), [&](const std::string& l) {
          return is_option_row(l) && row_option(l) == option;
        });
        found.push_back(
            command + ": option " + option +
            (known ? " is described differently" : " is not in the committed reference"));
        named = true;
      }
    }
    for (const std::string& line : was) {
      if (!is_option_row(line) || is_set.contains(line)) continue;
      const std::string option = row_option(line);
      const bool kept = std::any_of(is.begin(), is.end(), [&](const std::string& l) {
        return is_option_row(l) && row_option(l) == option;
      });
      if (!kept) {
        found.push_back(command + ": option " + option +
                        " is in the reference but not the command");
        named = true;
      }
    }
    if (!named) found.push_back(command + ": its description, usage or order differs");
  }
  for (const std::string& heading : committed_order) {
    if (!new_sections.contains(heading))
      found.push_back(command_of(heading) + ": in the committed reference but not the binary");
  }
  return found;
}

}  // namespace framecheck::cli
