"""Drive an EditorApp with real pygame events, one frame (`step`) after each, as a user would."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from editor.app import EditorApp

Point = tuple[float, float]


class Driver:
    def __init__(self, app: EditorApp) -> None:
        self.app = app
        self.frames(2)

    def screenshot(self, name: str) -> Path | None:
        """Save the window as NAME.png in $EDITOR_SCREENSHOTS (when set), for a person to look at."""
        folder = os.environ.get("EDITOR_SCREENSHOTS")
        if not folder:
            return None
        path = Path(folder) / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.screen, str(path))
        return path

    def move_screen(self, s: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0))

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step()

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.app.step()

    def screen(self, p: Point) -> tuple[int, int]:
        return self.app.view.to_screen(p)

    def click_screen(self, s: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=s, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=s, button=button)
        pygame.time.wait(0)

    def click(self, p: Point, button: int = 1) -> None:
        # Clicks at one spot in quick succession would read as a double-click: reset the memory first.
        self.app.mouse.last_click = (0, (-100, -100))
        self.click_screen(self.screen(p), button)

    def drag(self, p: Point, q: Point, button: int = 1, steps: int = 4) -> None:
        self.app.mouse.last_click = (0, (-100, -100))
        a, b = self.screen(p), self.screen(q)
        self.post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=button)
        for i in range(1, steps + 1):
            s = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
            self.post(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=button)

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)
        self.post(pygame.KEYUP, key=key, unicode=unicode, mod=mod, scancode=0)

    def ctrl(self, key: int, shift: bool = False) -> None:
        self.key(key, "", pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0))

    def type(self, text: str) -> None:
        self.post(pygame.TEXTINPUT, text=text)

    def tool(self, letter: str) -> None:
        self.key(getattr(pygame, f"K_{letter}"), letter)

    def station(self, p: Point, name: str) -> None:
        self.tool("s")
        self.click(p)
        self.type(name)
        self.key(pygame.K_RETURN, "\r")
        self.frames(1)

    def click_element(self, element: object) -> None:
        rect = element.get_abs_rect()  # type: ignore[attr-defined]
        self.app.mouse.last_click = (0, (-100, -100))
        self.click_screen((round(rect.centerx), round(rect.centery)))
        self.frames(2)  # the press becomes a UI event, which may post the widget's own event in turn

    def choose(self, dropdown: object, option: str) -> None:
        """Open a drop-down menu and click one of its options."""
        self.click_element(dropdown)
        self.frames(1)
        state = dropdown.current_state  # type: ignore[attr-defined]
        for item in state.options_selection_list.item_list:
            if item["text"] == option:
                self.click_element(item["button_element"])
                self.frames(2)
                return
        raise AssertionError(f"no option {option!r}")
