#!/usr/bin/python3
"""A small Tk application shown in one of three layouts, then captured from the X display.

    DISPLAY=:91 /usr/bin/python3 tk_app.py NAME OUT.png

NAME is one of the layouts below (the corpus image names). The window is placed at +0+0 (there is
no window manager under Xvfb, so no frame), rendered, captured with ImageMagick's `import` from
the root window (so that a posted menu, its own override-redirect window, is in the picture too)
and closed. The text each layout shows is in bench/screens/NAME.gt.txt.
"""

import subprocess
import sys
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk


def set_fonts(root, family, px):
    # Negative sizes are pixels in Tk.
    for name in ("TkDefaultFont", "TkTextFont", "TkMenuFont", "TkHeadingFont", "TkCaptionFont",
                 "TkSmallCaptionFont", "TkIconFont", "TkTooltipFont", "TkFixedFont"):
        tkfont.nametofont(name, root).configure(family=family, size=-px)
    tkfont.nametofont("TkHeadingFont", root).configure(weight="bold")


def menubar(root, labels, **colors):
    bar = tk.Menu(root, tearoff=0, relief="flat", borderwidth=0, **colors)
    menus = {}
    for label in labels:
        m = tk.Menu(bar, tearoff=0, **colors)
        bar.add_cascade(label=label, menu=m)
        menus[label] = m
    root.config(menu=bar)
    return bar, menus


def contact_form(root):
    """tk-form-dejavu-12px: an address book's contact editor, ttk 'clam' theme."""
    set_fonts(root, "DejaVu Sans", 12)
    root.title("Edit contact - Addressbook")
    style = ttk.Style(root)
    style.theme_use("clam")
    menubar(root, ["File", "Edit", "Contact", "View", "Help"])

    tools = ttk.Frame(root, padding=(8, 6))
    tools.pack(fill="x")
    for label in ("New", "Duplicate", "Delete", "Send vCard"):
        ttk.Button(tools, text=label).pack(side="left", padx=(0, 6))
    ttk.Separator(root).pack(fill="x")

    form = ttk.Frame(root, padding=(12, 10, 12, 4))
    form.pack(fill="both", expand=True)
    fields = [
        ("First name", "Margarethe"),
        ("Last name", "O'Connell-Weiss"),
        ("Company", "Lindenhof Logistics GmbH"),
        ("Email", "m.oconnell@lindenhof-logistics.example"),
        ("Phone", "+49 30 901820-44"),
        ("Birthday", "1986-11-23"),
        ("Website", "https://lindenhof-logistics.example/team"),
    ]
    for row, (label, value) in enumerate(fields):
        ttk.Label(form, text=label + ":").grid(row=row, column=0, sticky="w", pady=3, padx=(0, 10))
        e = ttk.Entry(form, width=40)
        e.insert(0, value)
        e.grid(row=row, column=1, columnspan=2, sticky="w", pady=3)
    n = len(fields)
    ttk.Label(form, text="Group:").grid(row=n, column=0, sticky="w", pady=3)
    group = tk.StringVar(value="work")
    radios = ttk.Frame(form)
    radios.grid(row=n, column=1, columnspan=2, sticky="w")
    ttk.Radiobutton(radios, text="Personal", value="personal", variable=group).pack(side="left", padx=(0, 12))
    ttk.Radiobutton(radios, text="Work", value="work", variable=group).pack(side="left", padx=(0, 12))
    ttk.Radiobutton(radios, text="Other", value="other", variable=group).pack(side="left")
    fav = tk.BooleanVar(value=True)
    ttk.Checkbutton(form, text="Show in favourites", variable=fav).grid(
        row=n + 1, column=1, columnspan=2, sticky="w", pady=3)

    buttons = ttk.Frame(root, padding=(12, 6, 12, 10))
    buttons.pack(fill="x")
    for label in ("Cancel", "Apply", "OK"):
        ttk.Button(buttons, text=label).pack(side="right", padx=(6, 0))

    status = ttk.Label(root, text="Last saved 2024-04-03 16:20 - 1,024 contacts", relief="sunken",
                       padding=(8, 2))
    status.pack(fill="x", side="bottom")
    return None


def editor_with_menu(root):
    """tk-menu-liberation-13px: an empty text editor with its File menu open (classic Tk look)."""
    set_fonts(root, "Liberation Sans", 13)
    root.title("Untitled - Scribe")
    root.geometry("560x330+0+0")
    bar, menus = menubar(root, ["File", "Edit", "Format", "View", "Help"])
    m = menus["File"]
    recent = tk.Menu(m, tearoff=0)
    recent.add_command(label="notes-2024-05.txt")
    m.add_command(label="New", accelerator="Ctrl+N")
    m.add_command(label="New Window", accelerator="Shift+Ctrl+N")
    m.add_command(label="Open...", accelerator="Ctrl+O")
    m.add_cascade(label="Open Recent", menu=recent)
    m.add_separator()
    m.add_command(label="Save", accelerator="Ctrl+S")
    m.add_command(label="Save As...", accelerator="Shift+Ctrl+S")
    m.add_command(label="Export as PDF...")
    m.add_separator()
    m.add_command(label="Print...", accelerator="Ctrl+P")
    m.add_command(label="Page Setup...")
    m.add_separator()
    m.add_command(label="Close Window", accelerator="Ctrl+W")
    m.add_command(label="Quit", accelerator="Ctrl+Q")
    m.entryconfigure("Export as PDF...", state="normal")

    status = tk.Label(root, text="Ln 1, Col 1    UTF-8    Plain text    100%", anchor="w",
                      relief="sunken", padx=8)
    status.pack(side="bottom", fill="x")
    text = tk.Text(root, relief="flat", borderwidth=0, highlightthickness=0, padx=8, pady=6)
    text.pack(fill="both", expand=True)

    def post():
        root.update_idletasks()
        # Under "File": its x is the menubar's left edge plus Tk's padding.
        m.post(root.winfo_rootx() + 2, root.winfo_rooty())
        # Highlight the entry under the pointer, as a user hovering over "Save" would see.
        m.activate(5)
    return post


def downloads_dark(root):
    """tk-dark-noto-13px: a dark-themed download manager, ttk with custom colours."""
    set_fonts(root, "Noto Sans", 13)
    root.title("Downloads")
    bg, fg, dim, panel, accent = "#1f2126", "#e3e5e8", "#9aa0a9", "#2a2d33", "#5b9cf5"
    root.configure(background=bg)
    style = ttk.Style(root)
    style.theme_use("clam")
    style.configure(".", background=bg, foreground=fg, fieldbackground=panel, bordercolor="#3a3e46",
                    lightcolor=bg, darkcolor=bg, troughcolor=panel)
    style.configure("TButton", background=panel, foreground=fg, padding=(10, 3))
    style.configure("Dim.TLabel", foreground=dim)
    style.configure("Title.TLabel", font=("Noto Sans", -16, "bold"))
    style.configure("Horizontal.TProgressbar", background=accent, troughcolor=panel)
    menubar(root, ["File", "Edit", "View", "Tools", "Help"],
            background=bg, foreground=fg, activebackground=panel, activeforeground=fg)

    head = ttk.Frame(root, padding=(14, 10, 14, 4))
    head.pack(fill="x")
    ttk.Label(head, text="Downloads", style="Title.TLabel").pack(side="left")
    ttk.Button(head, text="Clear finished").pack(side="right")
    ttk.Button(head, text="Pause all").pack(side="right", padx=(0, 6))

    items = [
        ("debian-12.5.0-amd64-netinst.iso", "629 MB of 629 MB - Finished 10:42", 100,
         "cdimage.example.org"),
        ("quarterly-report-Q2-2024.pdf", "3.1 MB of 8.4 MB - 12 s left", 37,
         "files.example.com"),
        ("photos_berlin_trip.zip", "Paused - 1.20 GB of 2.75 GB", 44,
         "share.example.net"),
        ("font-specimen_v3.otf", "Failed - Server returned 403 Forbidden", 0,
         "cdn.typefoundry.example"),
    ]
    for name, state, pct, host in items:
        row = ttk.Frame(root, padding=(14, 6))
        row.pack(fill="x")
        top = ttk.Frame(row)
        top.pack(fill="x")
        ttk.Label(top, text=name).pack(side="left")
        ttk.Label(top, text=host, style="Dim.TLabel").pack(side="right")
        ttk.Progressbar(row, length=520, value=pct, maximum=100).pack(fill="x", pady=(3, 2))
        ttk.Label(row, text=state, style="Dim.TLabel").pack(anchor="w")
    foot = ttk.Frame(root, padding=(14, 8, 14, 10))
    foot.pack(fill="x")
    ttk.Label(foot, text="Saving to /home/kim/Downloads - 41.2 GB free", style="Dim.TLabel").pack(side="left")
    return None


LAYOUTS = {
    "tk-form-dejavu-12px": contact_form,
    "tk-menu-liberation-13px": editor_with_menu,
    "tk-dark-noto-13px": downloads_dark,
}


def main():
    name, out = sys.argv[1], sys.argv[2]
    root = tk.Tk()
    root.geometry("+0+0")
    after_map = LAYOUTS[name](root)

    def capture():
        root.update_idletasks()
        root.update()
        # No window manager: the wrapper window (menubar included) is at 0,0 and the client
        # area follows the menubar.
        w = root.winfo_rootx() + root.winfo_width()
        h = root.winfo_rooty() + root.winfo_height()
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+0+0", "+repage", out],
                       check=True)
        root.destroy()

    def ready():
        if after_map:
            after_map()
        root.after(600, capture)

    root.after(400, ready)
    root.after(15000, root.destroy)  # never hang
    root.mainloop()


if __name__ == "__main__":
    main()
