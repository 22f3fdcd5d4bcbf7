/*
 * i18n-ru.c: the Russian catalog.  Each entry is { English id, Russian
 * text }; the text takes the same printf arguments in the same order
 * (i18n_check() verifies it).  The game's own words follow RULES.md's
 * Russian column; card names come from the engine (TAC or TAKER).
 */
#include "i18n.h"

const struct i18n_entry i18n_ru[] = {
	/* Seat colours: a mark is the colour's first letter. */
	{ "Red", "Красный" },
	{ "Blue", "Синий" },
	{ "Green", "Зелёный" },
	{ "Yellow", "Жёлтый" },
	{ "Purple", "Фиолетовый" },
	{ "White", "Белый" },

	/* Actions. */
	{ "discard", "сброс" },
	{ "skip", "пропуск" },
	{ "give %s", "отдать %s" },
	{ "%s gave a card.", "%s отдаёт карту." },
	{ ", kicks", ", выбивает" },

	/* The board. */
	{ "Game #%lld, round %d, dealer %s.",
	    "Игра #%lld, раунд %d, сдаёт %s." },
	{ "  (start blocked)", "  (старт закрыт)" },
	{ "base %d, cards %d, home ", "база %d, карт %d, дом " },
	{ "  <- to act", "  <- ходит" },
	{ "Dealt a 1 or 13:", "Есть 1 или 13:" },
	{ "Dealing the cards.", "Раздача карт." },
	{ "Exchange: %s gives a card to a teammate.",
	    "Обмен: %s отдаёт карту партнёру." },
	{ "%s plays one more card (%s).",
	    "%s играет ещё одну карту (%s)." },
	{ "%s is skipped by an 8: discard a card or answer with a %s.",
	    "%s пропускает ход из-за 8: сбросьте карту или ответьте "
	    "картой %s." },
	{ "%s plays a card from the hand of %s (%s).",
	    "%s играет картой из руки игрока %s (%s)." },
	{ "%s may undo the winning move with a %s.",
	    "%s может отменить победный ход картой %s." },
	{ "%s's turn.", "Ходит %s." },

	/* Hands and menus. */
	{ "You hold no cards.", "У вас нет карт." },
	{ "Your cards:", "Ваши карты:" },
	{ "Type a number, or the move itself (for example: 7 12>14 40>45).",
	    "Введите номер или сам ход (например: 7 12>14 40>45)." },
	{ "Your turn in game #%lld.", "Ваш ход в игре #%lld." },
	{ "Play by %s, or an AI plays for you.",
	    "Сходите до %s, иначе за вас сходит ИИ." },
	{ "Game #%lld.", "Игра #%lld." },

	/* Lobby and options. */
	{ "no turn deadline", "без ограничения времени на ход" },
	{ "%lld d per turn", "%lld дн. на ход" },
	{ "%lld h per turn", "%lld ч на ход" },
	{ "%lld min per turn", "%lld мин на ход" },
	{ "%d players", "игроков: %d" },
	{ "two teams of three", "две команды по трое" },
	{ "teams of two", "команды по двое" },
	{ "master cards", "мастер-карты" },
	{ "no master cards", "без мастер-карт" },
	{ "TAKER names", "названия ТАКЕР" },
	{ "TAC names", "названия TAC" },
	{ "Game #%lld was aborted.", "Игра #%lld прервана." },
	{ "Game #%lld has started.", "Игра #%lld началась." },
	{ "Game #%lld is over.", "Игра #%lld окончена." },
	{ "New game #%lld.", "Новая игра #%lld." },
	{ "%s (AI)", "%s (ИИ)" },
	{ "free", "свободно" },
	{ "/join to take a seat, /ai to add an AI player, /start when every "
	    "seat is taken.",
	    "/join — занять место, /ai — добавить игрока-ИИ, /start — начать, "
	    "когда все места заняты." },
	{ "Every seat is taken: the creator may /start.",
	    "Все места заняты: создатель может начать (/start)." },

	/* Results and reminders. */
	{ "The game ended without a winner.", "Игра окончена без победителя." },
	{ "Game over. The winners:", "Игра окончена. Победители:" },
	{ "Reminder: it is your turn in game #%lld. If you have not played "
	    "by %s, an AI plays for you.",
	    "Напоминание: ваш ход в игре #%lld. Если вы не сходите до %s, "
	    "за вас сходит ИИ." },
	{ "Time is up for %s; the AI played: %s.",
	    "Время игрока %s вышло; ИИ сыграл: %s." },

	/* The console. */
	{ "No game here: /new starts one.",
	    "Здесь нет игры: /new начинает новую." },
	{ "There is no game of yours to play here.",
	    "Здесь нет вашей игры." },
	{ "It is not your turn.", "Сейчас не ваш ход." },
	{ "Pick a number from 1 to %d.", "Выберите номер от 1 до %d." },
	{ "Type the number of a move from the menu, or the move in notation "
	    "(13 B>0, 7 3>5 10>15, TR 4<>20). Commands: /board, /hand, "
	    "/rules, /lang en|ru, /new, /abort, /quit. An empty line shows "
	    "the board again.",
	    "Введите номер хода из списка или сам ход (13 B>0, 7 3>5 10>15, "
	    "TR 4<>20). Команды: /board, /hand, /rules, /lang en|ru, /new, "
	    "/abort, /quit. Пустая строка снова покажет доску." },
	{ "Something went wrong; nothing was changed. Try again.",
	    "Что-то пошло не так; ничего не изменилось. Попробуйте ещё раз." },
	{ "Resuming game #%lld.", "Продолжаем игру #%lld." },
	{ "Type /new to play again, or /quit to leave.",
	    "/new — сыграть ещё раз, /quit — выйти." },
	{ "Type /help for help, /quit or Ctrl-D to leave (the game is saved).",
	    "/help — помощь, /quit или Ctrl-D — выход (игра сохраняется)." },
	/* Help and rules. */
	{ "Commands:", "Команды:" },
	{ "/new [4|6] [pairs|triples] [master|nomaster] [tac|taker] "
	    "[deadline=30m|2h|3d|off] - open a game here",
	    "/new [4|6] [pairs|triples] [master|nomaster] [tac|taker] "
	    "[deadline=30m|2h|3d|off] — открыть игру здесь" },
	{ "/join [SEAT], /leave, /team N, /ai [SEAT|all] - seats (numbered "
	    "from 0)",
	    "/join [МЕСТО], /leave, /team N, /ai [МЕСТО|all] — места "
	    "(нумерация с 0)" },
	{ "/start, /abort, /options - run the game",
	    "/start, /abort, /options — управление игрой" },
	{ "/play ACTION (or just the action, e.g. 7 12>14 40>45), /hand, "
	    "/board - play",
	    "/play ХОД (или просто ход, например 7 12>14 40>45), /hand, "
	    "/board — игра" },
	{ "/replace SEAT ai, /resume - let the AI play a seat, and take it "
	    "back",
	    "/replace МЕСТО ai, /resume — передать место ИИ и вернуть его" },
	{ "/lang en|ru, /rules, /help", "/lang en|ru, /rules, /help" },
	{ "TAC in short: two teams race to bring all their marbles from the "
	    "base around the circle into their homes. On your turn play one "
	    "card: a 1 or 13 puts a marble on your start field; numbers move "
	    "one marble forward (the 4 backwards), and no marble may jump "
	    "over another; a 7 splits seven steps among your marbles and "
	    "kicks every marble it passes; an 8 moves 8 or makes the next "
	    "player skip; the Trickster swaps two marbles; the TAC undoes the "
	    "previous card and plays it for you. Ending a move on a marble "
	    "sends that marble back to its base. Partners give each other one "
	    "card after each deal. If no card can move, you discard one. Once "
	    "your marbles are home, you play for your partner.",
	    "TAC коротко: две команды наперегонки ведут все свои шарики из "
	    "кармана по игровому кругу к себе домой. В свой ход сыграйте одну "
	    "карту: 1 или 13 ставит шарик на вашу начальную точку; числа "
	    "двигают один шарик вперёд (4 — назад), перепрыгивать через "
	    "шарики нельзя; 7 делит семь шагов между вашими шариками и "
	    "выбивает все шарики, мимо которых проходит; 8 — ход на 8 или "
	    "пропуск хода следующего игрока; Мена меняет местами два шарика; "
	    "Такер отменяет предыдущую карту и играет её за вас. Шарик, на "
	    "чьё поле встали, возвращается в карман. После каждой раздачи "
	    "партнёры отдают друг другу по карте. Если ходить нечем, карта "
	    "сбрасывается. Когда все ваши шарики дома, вы играете за "
	    "партнёра." },
	/* Seat news. */
	{ "%s takes seat %d.", "%s занимает место %d." },
	{ "%s left; the AI plays seat %d.",
	    "%s выходит; место %d играет ИИ." },
	{ "The AI plays seat %d for %s now.",
	    "Теперь место %d за игрока %s играет ИИ." },
	{ "%s plays seat %d again.", "%s снова играет на месте %d." },

	/* Telegram: buttons and private menus. */
	{ "Join", "Сесть за стол" },
	{ "Add AI", "Добавить ИИ" },
	{ "Team %s", "Команда %s" },
	{ "Options", "Настройки" },
	{ "Start", "Начать" },
	{ "Cancel", "Отменить" },
	{ "4 players", "4 игрока" },
	{ "6 players", "6 игроков" },
	{ "30 min", "30 мин" },
	{ "2 h", "2 ч" },
	{ "3 d", "3 дн." },
	{ "no limit", "без лимита" },
	{ "AI quick", "ИИ быстрый" },
	{ "AI strong", "ИИ сильный" },
	{ "play", "сыграть" },
	{ "<- back", "<- назад" },
	{ "Your move: %s", "Ваш ход: %s" },
	{ "Choose a card.", "Выберите карту." },
	{ "Choose the next step.", "Выберите следующий шаг." },
	{ "Group: %s", "Группа: %s" },
	{ "Game #%lld. You played: %s", "Игра #%lld. Ваш ход: %s" },
	{ "%s: I cannot write to you privately. Open %s and press Start to "
	    "get your cards.",
	    "%s: я не могу написать вам в личные сообщения. Откройте %s и "
	    "нажмите «Старт», чтобы получать свои карты." },

	/*
	 * The service's refusals and confirmations, by their code: the
	 * English text has values in it, the translation does without.
	 */
	{ "code:stale", "Эта кнопка устарела." },
	{ "code:unknown_command", "Неизвестная команда: см. /help." },
	{ "code:too_long", "Слишком длинная команда." },
	{ "code:not_lobby", "Это можно только в лобби, до начала игры." },
	{ "code:game_open", "В этом чате уже есть игра: доиграйте её или "
	    "прервите (/abort)." },
	{ "code:bad_option", "Неверный параметр игры: см. /help." },
	{ "code:not_creator", "Это может только создатель игры или "
	    "администратор чата." },
	{ "code:seat_taken", "Это место занято." },
	{ "code:already_seated", "Вы уже сидите за столом." },
	{ "code:full", "Все места заняты." },
	{ "code:game_over", "Игра окончена." },
	{ "code:bad_seat", "Нет такого места." },
	{ "code:not_in_game", "Вы не участвуете в этой игре." },
	{ "code:already_away", "За это место уже играет ИИ." },
	{ "code:bad_team", "Нет такой команды." },
	{ "code:same_team", "Вы уже в этой команде." },
	{ "code:team_full", "В этой команде нет свободных мест." },
	{ "code:seats_free", "Есть свободные места: сначала /join или /ai." },
	{ "code:usage", "Неверный формат команды: см. /help." },
	{ "code:not_a_person", "На этом месте нет человека." },
	{ "code:not_playing", "Игра не идёт." },
	{ "code:not_away", "Вы и так играете сами." },
	{ "code:bad_lang", "Языки: en, ru." },
	{ "code:lang", "Язык: русский." },
	{ "code:no_game", "Здесь нет игры: /new открывает новую." },
	{ "code:which_game", "Вы участвуете в нескольких играх: добавьте к "
	    "команде #номер игры." },
	{ "code:not_started", "Игра ещё не началась." },
	{ "code:not_your_turn", "Сейчас не ваш ход." },
	{ "code:bad_action", "Не понимаю этот ход: пример — /play 13 B>0." },
	{ "code:illegal", "Такой ход не разрешён правилами." },
	/* Statistics (compose-stats.c). */
	{ "/stats [NAME|off|on], /top, /history - statistics, ratings and "
	    "past games", "/stats [ИМЯ|off|on], /top, /history — статистика, "
	    "рейтинги и прошлые игры" },
	{ "AI, level %d", "ИИ уровня %d" },
	{ "%lld h %lld min", "%lld ч %lld мин" },
	{ "%lld min", "%lld мин" },
	{ "%lld games, %lld wins (%lld%%)", "игр: %lld, побед: %lld (%lld%%)" },
	{ "kicks %lld/%lld, TACs %lld, rating %lld",
	    "выбил/выбит %lld/%lld, ТАКов %lld, рейтинг %lld" },
	{ "This group has played %lld games: on average %lld rounds and ",
	    "Сыграно игр в группе: %lld; в среднем раундов: %lld, время: " },
	{ "%lld ended with a TAC; the AI played %lld turns after a deadline.",
	    "Закончено ТАКом: %lld; ходов ИИ после срока: %lld." },
	{ "Top players (kicks given/taken):",
	    "Лучшие игроки (выбил/выбит):" },
	{ "Best pairs:", "Лучшие пары:" },
	{ "%lld wins in %lld games", "побед: %lld из %lld игр" },
	{ "in this group:", "в этой группе:" },
	{ "in all groups:", "во всех группах:" },
	{ "A game takes %lld rounds and ",
	    "В среднем за игру раундов: %lld, время: " },
	{ " on average.", "." },
	{ "Games won with a TAC: %lld; turns the AI played after a deadline: "
	    "%lld.", "Побед ТАКом: %lld; ходов ИИ после срока: %lld." },
	{ "Best partner:", "Лучший партнёр:" },
	{ "Cards played:", "Сыграно карт:" },
	{ "Cards played here:", "Сыграно карт в группе:" },
	{ "Ratings (everyone starts at 1500):",
	    "Рейтинг (у всех в начале 1500):" },
	{ "(%lld games, %lld wins)", "(игр: %lld, побед: %lld)" },
	{ " vs ", " против " },
	{ "The last games:", "Последние игры:" },
	{ "Won:", "Победили:" },
	{ "%lld rounds.", "раундов: %lld." },
	{ "Game #%lld ended on ", "Игра #%lld окончена " },
	{ "%lld rounds, %lld actions, ", "раундов: %lld, действий: %lld, " },
	{ "%s ended it with a TAC.", "%s закончил(а) её ТАКом." },
	{ "%lld cards, kicks %lld/%lld, TACs %lld, rating %lld -> %lld",
	    "карт: %lld, выбил/выбит %lld/%lld, ТАКов %lld, рейтинг %lld -> "
	    "%lld" },
	{ "Game #%lld, page %lld of %lld:", "Игра #%lld, страница %lld из %lld:" },
	{ "#%lld summary", "#%lld итоги" },
	{ "#%lld record", "#%lld запись" },
	{ "<< back", "<< назад" },
	{ "next >>", "дальше >>" },
	{ "Wins per player", "Победы игроков" },
	{ "wins / games played", "побед / сыграно игр" },
	{ "Rating of %s", "Рейтинг: %s" },
	{ "after each of the last %d games",
	    "после каждой из последних %d игр" },
	{ "code:no_stats", "В этом чате ещё не закончилась ни одна игра." },
	{ "code:no_stats_yet", "Вы ещё не доиграли ни одной игры." },
	{ "code:stats_off", "Ваша статистика больше не видна в таблицах "
	    "групп; /stats on снова её покажет." },
	{ "code:stats_on", "Ваша статистика снова видна в таблицах групп." },
	{ "code:group_only", "Эта команда работает в группе, для её "
	    "участников." },
	{ "code:no_such_player", "Здесь нет игрока с таким именем, "
	    "доигравшего игру." },
	{ "code:which_person", "Здесь несколько игроков с таким именем." },
	{ "code:stats_hidden", "Этот игрок скрыл свою статистику." },
	{ "code:no_game_stats", "У этой игры пока нет статистики." },
	{ "code:not_over", "Эта игра ещё не закончилась." },
	{ "code:bad_page", "Нет такой страницы." },
};
const size_t	i18n_nru = sizeof i18n_ru / sizeof i18n_ru[0];
